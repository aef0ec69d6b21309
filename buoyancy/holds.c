/* Dry holds: the vessels (bodies whose hull is more than their outline),
 * and what lies in their holds taken out of another body's submerged part
 * (hold_overlap.c clips it). */
#include "hold_overlap.h"
#include "module.h"

fl_status buoyancy_find_vessels(fl_buoyancy *b)
{
    fl_world *w = b->world;
    if (b->vessels_for == fl_world_revision(w) && b->hold_buf)
        return FL_OK;
    b->vessel_count = 0;
    int most = 0;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        const fl_body *body = body_at(w, i);
        const fl_hold *hold = hold_of(b, body);
        if (!hold)
            continue;
        int *grown = fl_world_grow(w, b->vessels, &b->vessel_capacity, b->vessel_count + 1,
                                   sizeof *grown);
        if (!grown)
            return FL_ENOMEM;
        b->vessels = grown;
        b->vessels[b->vessel_count++] = i;
        int edges = hold_most_edges(hold);
        most = edges > most ? edges : most;
    }
    /* A submerged polygon (at most submerge_room points) clipped by a convex
     * piece of `most` edges: each clip of a concave polygon can add up to
     * half its points and one, so room for twice both is ample. */
    int room = 2 * (submerge_room(b->most_points > 3 ? b->most_points : 3) + most);
    fl_vec2 *buf = fl_world_grow(w, b->hold_buf, &b->hold_capacity, 3 * room, sizeof *buf);
    if (!buf)
        return FL_ENOMEM;
    b->hold_buf = buf;
    b->hold_room = room;
    FL_ASSERT(b->vessel_count <= fl_world_body_count(w) && 3 * room <= b->hold_capacity);
    b->vessels_for = fl_world_revision(w);
    return FL_OK;
}

/* The submerged polygon of `body` in fluid f about its centre of mass
 * (world orientation), measured again and kept: in hold_buf for a body
 * wholly in the fluid, else in the clipping buffers. Returns the count. */
static int part_polygon(fl_buoyancy *b, const fl_body *body, int f, double t,
                        const submerged_part *part, const fl_vec2 **out)
{
    if (part->kind == SUBMERGE_WHOLE) {
        fl_vec2 *p = b->hold_buf + 2 * b->hold_room;
        for (int k = 0; k < body->hull_count; k++)
            p[k] = fl_rotate(body->rot, body->hull[k]);
        *out = p;
        return body->hull_count;
    }
    if (part->polygon) {
        *out = part->polygon;
        return part->count;
    }
    submerged_part again;
    const fl_fluid_def *fluid = &b->fluids[f];
    if (fluid->wave_amplitude != 0.0) {
        submerge_wave(body, *body_twist(b->world, body), fluid,
                      fl_length(fl_world_gravity(b->world)), t, 0.0, b->scratch, b->scratch_size,
                      true, &again);
    } else {
        fl_halfplane planes[4];
        fl_fluid_halfplanes(fluid, body->position, t, planes);
        submerge_across(body, planes, b->scratch, b->scratch_size, true, &again);
    }
    *out = again.polygon;
    return again.polygon ? again.count : 0;
}

/* Takes out of the part what lies in another body's dry hold. */
void buoyancy_keep_holds_dry(fl_buoyancy *b, const fl_body *body, int f, double t,
                           submerged_part *part)
{
    const fl_vec2 *poly = NULL;
    int n = -1;
    fl_world *w = b->world;
    double dry = 0.0;
    fl_vec2 moment = {0.0, 0.0};
    for (int k = 0; k < b->vessel_count; k++) {
        const fl_body *vessel = body_at(w, b->vessels[k]);
        /* Only a larger hull holds a body dry: of two hulls that overlap,
         * the smaller one's displacement inside the larger is taken out,
         * never the larger's (it already counts that water). */
        if (vessel == body || vessel->removed || vessel->hull_area <= body->hull_area ||
            fl_length(fl_sub(vessel->position, body->position)) >= vessel->hull_radius + body->hull_radius)
            continue;
        if (n < 0)
            n = part_polygon(b, body, f, t, part, &poly);
        if (n < 3)
            return;
        fl_vec2 m;
        const fl_hold *hold = hold_of(b, vessel);
        if (!hold)
            continue; /* removed during this step, its row gone with its id */
        double a = hold_overlap(hold, vessel, body, poly, n, b->hold_buf, b->hold_room, &m);
        dry += a;
        moment = fl_add(moment, m);
    }
    if (!(dry > 0.0))
        return;
    double left = part->area - dry;
    if (!(left > 1e-12 * part->area)) {
        fl_vec2 flow = part->flow;
        *part = submerge_nothing(body);
        part->flow = flow;
        return; /* all of it in the hold: nothing to draw either */
    }
    /* Areas and first moments subtract exactly. */
    fl_vec2 wet = fl_sub(fl_scale(fl_sub(part->centroid, body->position), part->area), moment);
    part->centroid = fl_add(body->position, fl_scale(wet, 1.0 / left));
    part->waterline *= left / part->area;
    part->waterline_moment *= left / part->area;
    /* On a wave, the dynamic pressure's share taken as the wet part's
     * (the dry hold's own boundary is not integrated apart). */
    part->wave_force = fl_scale(part->wave_force, left / part->area);
    part->wave_moment *= left / part->area;
    part->area = left;
}
