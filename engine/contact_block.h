/* A contact row's normals and friction solved at once: the body of
 * solve_contact (solver.c, on doubles) and of contact_block (wide.c, on
 * lanes, lane by lane), written once so that the two give the same bits.
 * Included with CB_NAME and CB_COEF (the functions' names), CB_T (double or lane),
 * CB_M (the type of a comparison: int or lane_mask), CB_SEL(m, a, b) (a
 * where m holds, b elsewhere), CB_NOT(m) and CB_ANY(m) (m holds anywhere)
 * defined; undefines them.
 *
 * The row's points 1 and 2 (a one-point row: `two` not set, point 2's
 * numbers all 0) with accumulated impulses n1, n2 (normal) and t1, t2
 * (friction); un_i: point i's normal speed less its floor, ut_i: its
 * tangent speed; K, the change of those four speeds per unit of the four
 * impulses: k (normal on normal), g (g_ij: normal speed of i per tangent
 * impulse at j) and h (tangent on tangent). The cases of Coulomb's law
 * are tried in turn, each solved exactly and kept if it holds:
 *   both points pushing and not slipping (the two friction rows differ
 *   only by how far apart the points are along the normal: taken as one,
 *   on their mean, and split in proportion to the normal impulses);
 *   both pushing and slipping (each point's friction mu n, against the
 *   slip the first case found too large to hold);
 *   point 1 alone, not slipping, then slipping; point 2 alone, the same
 *   (the other point free, its speed at least its floor);
 *   neither pushing.
 * The first that holds gives y (normal) and s (friction); what it returns
 * is where one held. A row so solved ends with P . u <= 0 for its impulses
 * P and speeds u: it does no work on its bodies but what stops them. */
/* The rest of K over both points' normal and friction rows from the
 * bodies' inverse masses im (both summed) and inertias iia, iib and the
 * points' lever arms (point 2's all 0 in a one-point row): kt = g11, g12,
 * g21, g22, h11, h12, h22; and the stuck case's block of both points
 * (their normals and the mean friction row): its cofactors c[0..5] (11,
 * 12, 13, 22, 23, 33) and the inverse of its determinant c[6], 0 where it
 * is too near singular to solve. Needed once a step (its last pass), so
 * found there rather than kept with the rows. */
static inline __attribute__((always_inline)) void CB_COEF(
    CB_M two, CB_T im, CB_T iia, CB_T iib, const CB_T rna[2], const CB_T rnb[2],
    const CB_T rta[2], const CB_T rtb[2], CB_T k11, CB_T k12, CB_T k22, CB_T kt[7], CB_T c[7])
{
    const CB_T zero = 0.0 * k11, one = zero + 1.0, cond = zero + MAX_CONDITION;
    kt[0] = iia * rna[0] * rta[0] + iib * rnb[0] * rtb[0];
    kt[1] = iia * rna[0] * rta[1] + iib * rnb[0] * rtb[1];
    kt[2] = iia * rna[1] * rta[0] + iib * rnb[1] * rtb[0];
    kt[3] = iia * rna[1] * rta[1] + iib * rnb[1] * rtb[1];
    kt[4] = im + iia * rta[0] * rta[0] + iib * rtb[0] * rtb[0];
    kt[5] = CB_SEL(two, im + iia * rta[0] * rta[1] + iib * rtb[0] * rtb[1], zero);
    kt[6] = CB_SEL(two, im + iia * rta[1] * rta[1] + iib * rtb[1] * rtb[1], zero);
    CB_T g11 = kt[0], g12 = kt[1], g21 = kt[2], g22 = kt[3], h11 = kt[4], h12 = kt[5], h22 = kt[6];
    CB_T k13 = 0.5 * (g11 + g12), k23 = 0.5 * (g21 + g22);
    CB_T k33 = 0.25 * (h11 + 2.0 * h12 + h22);
    c[0] = k22 * k33 - k23 * k23;
    c[1] = k13 * k23 - k12 * k33;
    c[2] = k12 * k23 - k13 * k22;
    c[3] = k11 * k33 - k13 * k13;
    c[4] = k12 * k13 - k11 * k23;
    c[5] = k11 * k22 - k12 * k12;
    CB_T det = k11 * c[0] + k12 * c[1] + k13 * c[2];
    CB_M solid = (CB_M)(det * cond > k11 * k22 * k33);
    c[6] = CB_SEL(solid, one / CB_SEL(solid, det, one), zero);
}

static inline __attribute__((always_inline)) CB_M CB_NAME(CB_M on, CB_M two, CB_T mu, CB_T un1, CB_T un2, CB_T ut1, CB_T ut2,
                           CB_T n1, CB_T n2, CB_T t1, CB_T t2, CB_T k11, CB_T k12, CB_T k22,
                           CB_T g11, CB_T g12, CB_T g21, CB_T g22, CB_T h11, CB_T h12, CB_T h22,
                           const CB_T c[7], CB_T *y1, CB_T *y2, CB_T *s1, CB_T *s2)
{
    const CB_T zero = 0.0 * mu, one = zero + 1.0, cond = zero + MAX_CONDITION;
    /* The speeds once the impulses d = (y - n, s - t) are added. */
#define CB_AFTER(d1, d2, d3, d4)                                                                  \
    CB_T vn1 = un1 + (k11 * (d1) + k12 * (d2) + g11 * (d3) + g12 * (d4));                          \
    CB_T vn2 = un2 + (k12 * (d1) + k22 * (d2) + g21 * (d3) + g22 * (d4));                          \
    CB_T vt1 = ut1 + (g11 * (d1) + g21 * (d2) + h11 * (d3) + h12 * (d4));                          \
    CB_T vt2 = ut2 + (g12 * (d1) + g22 * (d2) + h12 * (d3) + h22 * (d4))
    CB_M held = on & CB_NOT(on);
    CB_T r1 = zero, r2 = zero, r3 = zero, r4 = zero;
#define CB_TAKE(m, a1, a2, a3, a4)                                                                 \
    do {                                                                                           \
        CB_M take_ = (m) & CB_NOT(held);                                                           \
        r1 = CB_SEL(take_, a1, r1);                                                                \
        r2 = CB_SEL(take_, a2, r2);                                                                \
        r3 = CB_SEL(take_, a3, r3);                                                                \
        r4 = CB_SEL(take_, a4, r4);                                                                \
        held |= take_;                                                                             \
    } while (0)

    if (CB_ANY(two)) {
        /* Both pushing, not slipping: the normals and the mean friction row. */
        CB_T u3 = 0.5 * (ut1 + ut2);
        CB_T c11 = c[0], c12 = c[1], c13 = c[2], c22 = c[3], c23 = c[4], c33 = c[5], inv = c[6];
        CB_M solid = two & (CB_M)(inv != zero);
        CB_T a1 = n1 - (c11 * un1 + c12 * un2 + c13 * u3) * inv;
        CB_T a2 = n2 - (c12 * un1 + c22 * un2 + c23 * u3) * inv;
        CB_T tt = t1 + t2 - (c13 * un1 + c23 * un2 + c33 * u3) * inv;
        CB_T sum = a1 + a2;
        CB_M pos = (CB_M)(sum > zero);
        CB_T share = CB_SEL(pos, tt / CB_SEL(pos, sum, one), zero);
        CB_TAKE(solid & (CB_M)(a1 >= zero) & (CB_M)(a2 >= zero) & (CB_M)(tt <= mu * sum) &
                    (CB_M)(-tt <= mu * sum),
                a1, a2, share * a1, share * a2);

        if (!CB_ANY(on & CB_NOT(held)))
            goto done;
        /* Both pushing, slipping: friction g mu n at each point, with g the
         * sign of what not slipping needed; A d = b for the normals, A_ij =
         * K(n_i, n_j) + g mu K(n_i, t_j). */
        {
            CB_T gm = CB_SEL((CB_M)(tt > zero), mu, -mu);
            CB_T e1 = gm * n1 - t1, e2 = gm * n2 - t2;
            CB_T a11 = k11 + gm * g11, a12 = k12 + gm * g12;
            CB_T a21 = k12 + gm * g21, a22 = k22 + gm * g22;
            CB_T b1 = -un1 - (g11 * e1 + g12 * e2), b2 = -un2 - (g21 * e1 + g22 * e2);
            CB_T da = a11 * a22 - a12 * a21;
            CB_M ok = two & (CB_M)(a11 > zero) & (CB_M)(a22 > zero) & (CB_M)(da * cond > a11 * a22);
            CB_T ia = one / CB_SEL(ok, da, one);
            CB_T z1 = n1 + (a22 * b1 - a12 * b2) * ia;
            CB_T z2 = n2 + (a11 * b2 - a21 * b1) * ia;
            CB_T f1 = gm * z1, f2 = gm * z2;
            CB_AFTER(z1 - n1, z2 - n2, f1 - t1, f2 - t2);
            (void)vn1;
            (void)vn2;
            CB_TAKE(ok & (CB_M)(z1 >= zero) & (CB_M)(z2 >= zero) & (CB_M)(gm * vt1 <= zero) &
                        (CB_M)(gm * vt2 <= zero),
                    z1, z2, f1, f2);
        }
    }

    /* One point alone (the other's impulses taken off): not slipping,
     * then slipping; the other point must not close past its floor. */
#define CB_ALONE(I, J, nI, nJ, tI, tJ, kII, kIJ, gII, gIJ, gJI, hII, hIJ, only)                    \
    do {                                                                                           \
        CB_T un_ = un##I - (kIJ * nJ + gIJ * tJ), ut_ = ut##I - (gJI * nJ + hIJ * tJ);             \
        CB_T dk_ = kII * hII - gII * gII;                                                          \
        CB_M ok_ = (only) & (CB_M)(dk_ * cond > kII * hII);                                        \
        CB_T id_ = one / CB_SEL(ok_, dk_, one);                                                    \
        CB_T y_ = nI - (hII * un_ - gII * ut_) * id_;                                              \
        CB_T s_ = tI - (kII * ut_ - gII * un_) * id_;                                              \
        CB_T p1_ = I == 1 ? y_ : zero, p2_ = I == 1 ? zero : y_;                                   \
        CB_T q1_ = I == 1 ? s_ : zero, q2_ = I == 1 ? zero : s_;                                   \
        {                                                                                          \
            CB_AFTER(p1_ - n1, p2_ - n2, q1_ - t1, q2_ - t2);                                      \
            (void)vt1;                                                                             \
            (void)vt2;                                                                             \
            (void)vn##I;                                                                           \
            CB_TAKE(ok_ & (CB_M)(y_ >= zero) & (CB_M)(s_ <= mu * y_) & (CB_M)(-s_ <= mu * y_) &    \
                        (CB_NOT(two) | (CB_M)(vn##J >= zero)),                                     \
                    p1_, p2_, q1_, q2_);                                                           \
        }                                                                                          \
        CB_T gm_ = CB_SEL((CB_M)(s_ > zero), mu, -mu);                                             \
        CB_T dn_ = kII + gm_ * gII;                                                                \
        CB_M sl_ = (only) & (CB_M)(dn_ * cond > kII);                                              \
        CB_T w_ = nI - (un_ + gII * (gm_ * nI - tI)) / CB_SEL(sl_, dn_, one);                      \
        CB_T f_ = gm_ * w_;                                                                        \
        CB_T pw1_ = I == 1 ? w_ : zero, pw2_ = I == 1 ? zero : w_;                                 \
        CB_T qf1_ = I == 1 ? f_ : zero, qf2_ = I == 1 ? zero : f_;                                 \
        {                                                                                          \
            CB_AFTER(pw1_ - n1, pw2_ - n2, qf1_ - t1, qf2_ - t2);                                  \
            (void)vn##I;                                                                           \
            (void)vt##J;                                                                           \
            CB_TAKE(sl_ & (CB_M)(w_ >= zero) & (CB_M)(gm_ * vt##I <= zero) &                       \
                        (CB_NOT(two) | (CB_M)(vn##J >= zero)),                                     \
                    pw1_, pw2_, qf1_, qf2_);                                                       \
        }                                                                                          \
    } while (0)
    if (!CB_ANY(on & CB_NOT(held)))
        goto done;
    CB_ALONE(1, 2, n1, n2, t1, t2, k11, k12, g11, g12, g21, h11, h12, on);
    if (!CB_ANY(two & CB_NOT(held)))
        goto neither;
    CB_ALONE(2, 1, n2, n1, t2, t1, k22, k12, g22, g21, g12, h22, h12, two);

neither:
    if (!CB_ANY(on & CB_NOT(held)))
        goto done;
    /* Neither pushing. */
    {
        CB_AFTER(-n1, -n2, -t1, -t2);
        (void)vt1;
        (void)vt2;
        CB_TAKE((CB_M)(vn1 >= zero) & (CB_NOT(two) | (CB_M)(vn2 >= zero)), zero, zero, zero, zero);
    }
done:
    held &= on;
    *y1 = r1;
    *y2 = r2;
    *s1 = r3;
    *s2 = r4;
    return held;
#undef CB_AFTER
#undef CB_TAKE
#undef CB_ALONE
}

#undef CB_NAME
#undef CB_COEF
#undef CB_T
#undef CB_M
#undef CB_SEL
#undef CB_NOT
#undef CB_ANY
