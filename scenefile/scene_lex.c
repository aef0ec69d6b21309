/* The lexical layer of scene files: text checks, lines, tokens, numbers. */
#include "scene_lex.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { QUOTE_BYTES = 40, NUMBER_BUFFER = 128 };

void scene_set_error_va(fl_scene_error *err, scene_pos at, bool no_memory, const char *fmt,
                        va_list ap)
{
    static const char lead[] = "out of memory for ";
    size_t n = no_memory ? sizeof lead - 1 : 0;
    memcpy(err->message, lead, n);
    vsnprintf(err->message + n, sizeof err->message - n, fmt, ap);
    err->line = at.line;
    err->column = at.column;
    err->out_of_memory = no_memory;
}

void scene_set_error(fl_scene_error *err, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    scene_set_error_va(err, at, false, fmt, ap);
    va_end(ap);
}

void scene_set_no_memory(fl_scene_error *err, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    scene_set_error_va(err, at, true, fmt, ap);
    va_end(ap);
}

static bool is_continuation_byte(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

void scene_quote(char out[SCENE_QUOTE_SIZE], const char *s, size_t n)
{
    size_t keep = n;
    if (n > QUOTE_BYTES) {
        keep = QUOTE_BYTES;
        while (keep > 0 && is_continuation_byte((unsigned char)s[keep]))
            keep--;
    }
    memcpy(out, s, keep);
    if (keep < n)
        memcpy(out + keep, "...", 4);
    else
        out[keep] = '\0';
}

int scene_count_chars(const char *s, size_t n)
{
    int count = 0;
    for (size_t i = 0; i < n; i++)
        if (!is_continuation_byte((unsigned char)s[i]))
            count++;
    return count;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid:
 * no overlong forms, no surrogates, nothing above U+10FFFF. */
static size_t utf8_sequence_length(const unsigned char *s, size_t n)
{
    size_t len;
    uint32_t code, least;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2, code = s[0] & 0x1Fu, least = 0x80;
    } else if ((s[0] & 0xF0) == 0xE0) {
        len = 3, code = s[0] & 0x0Fu, least = 0x800;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4, code = s[0] & 0x07u, least = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if (!is_continuation_byte(s[i]))
            return 0;
        code = (code << 6) | (s[i] & 0x3Fu);
    }
    if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        return 0;
    return len;
}

/* The message for a disallowed single byte, or NULL if the byte is fine
 * (i is the offset of the byte in a text of len bytes). */
static const char *bad_byte_message(const unsigned char *text, size_t len, size_t i)
{
    unsigned char c = text[i];
    if (c == '\0')
        return "NUL byte in the file";
    if (c == '\r')
        return (i + 1 == len || text[i + 1] == '\n')
                   ? NULL
                   : "carriage return not followed by a line feed";
    if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)
        return "control character in the file";
    return NULL;
}

bool scene_lex_check_text(const char *text, size_t len, fl_scene_error *err)
{
    const unsigned char *s = (const unsigned char *)text;
    scene_pos pos = {1, 1};
    for (size_t i = 0; i < len;) {
        const char *problem = bad_byte_message(s, len, i);
        size_t step = utf8_sequence_length(s + i, len - i);
        if (problem == NULL && step == 0)
            problem = "invalid UTF-8";
        if (problem == NULL && step == 3 && s[i] == 0xEF && s[i + 1] == 0xBB && s[i + 2] == 0xBF)
            problem = "byte order mark (U+FEFF) inside the file: only its very start may have one";
        if (problem != NULL) {
            scene_set_error(err, pos, "%s", problem);
            return false;
        }
        if (s[i] == '\n') {
            pos.line++;
            pos.column = 1;
        } else {
            pos.column++;
        }
        i += step;
    }
    return true;
}

size_t scene_lex_bom(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    return len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF ? 3 : 0;
}

bool scene_lex_next_line(const char *text, size_t len, size_t *offset, scene_line *line)
{
    size_t start = *offset, end = start;
    if (start >= len)
        return false;
    while (end < len && text[end] != '\n')
        end++;
    line->text = text + start;
    line->len = end - start;
    if (line->len > 0 && line->text[line->len - 1] == '\r')
        line->len--;
    line->number++;
    *offset = end < len ? end + 1 : len; /* never past the text, also without a last newline */
    return true;
}

bool scene_lex_is_blank(const scene_line *line)
{
    size_t i = 0;
    while (i < line->len && is_blank(line->text[i]))
        i++;
    return i == line->len || line->text[i] == '#';
}

bool scene_lex_is_indented(const scene_line *line)
{
    return line->len > 0 && is_blank(line->text[0]);
}

static scene_pos position_in_line(const scene_line *line, size_t offset)
{
    scene_pos pos = {line->number, 1 + scene_count_chars(line->text, offset)};
    return pos;
}

/* Offset of the end of a plain value or word starting at i. */
static size_t skip_word(const scene_line *line, size_t i)
{
    while (i < line->len && !is_blank(line->text[i]) && line->text[i] != '#')
        i++;
    return i;
}

/* Offset just past the ']' closing the list that opens at i, or 0 if the
 * list is not closed on this line before a comment. */
static size_t skip_list(const scene_line *line, size_t i)
{
    for (i++; i < line->len && line->text[i] != '#'; i++)
        if (line->text[i] == ']')
            return i + 1;
    return 0;
}

/* Scans the value that starts at byte i of the current token; returns the
 * offset just past it, or 0 after filling *err. */
static size_t scan_value(const scene_line *line, const scene_token *tok, size_t i, fl_scene_error *err)
{
    const char *s = line->text;
    if (i < line->len && s[i] == '[') {
        size_t end = skip_list(line, i);
        if (end == 0)
            scene_set_error(err, position_in_line(line, i),
                            "point list has no closing ']' on this line");
        return end == 0 ? 0 : skip_word(line, end);
    }
    if (i < line->len && s[i] == '#' && scene_token_is(tok, "color"))
        return skip_word(line, i + 1);
    return skip_word(line, i);
}

static size_t scan_key(const scene_line *line, size_t i)
{
    while (i < line->len && !is_blank(line->text[i]) && line->text[i] != '#' && line->text[i] != '=')
        i++;
    return i;
}

scene_lex_result scene_lex_next(scene_cursor *cursor, scene_token *tok, fl_scene_error *err)
{
    const scene_line *line = cursor->line;
    size_t i = cursor->at, start, end;
    while (i < line->len && is_blank(line->text[i]))
        i++;
    if (i == line->len || line->text[i] == '#')
        return SCENE_LEX_END;
    start = i;
    end = scan_key(line, i);
    memset(tok, 0, sizeof *tok);
    tok->key = line->text + start;
    tok->key_len = end - start;
    tok->key_pos = position_in_line(line, start);
    if (end < line->len && line->text[end] == '=') {
        char quoted[SCENE_QUOTE_SIZE];
        if (tok->key_len == 0) {
            scene_set_error(err, tok->key_pos, "expected a field name before '='");
            return SCENE_LEX_ERROR;
        }
        tok->has_value = true;
        tok->value = line->text + end + 1;
        tok->value_pos = position_in_line(line, end + 1);
        end = scan_value(line, tok, end + 1, err);
        if (end == 0)
            return SCENE_LEX_ERROR;
        tok->value_len = (size_t)(line->text + end - tok->value);
        if (tok->value_len == 0) {
            scene_quote(quoted, tok->key, tok->key_len);
            scene_set_error(err, tok->key_pos, "field '%s' has no value", quoted);
            return SCENE_LEX_ERROR;
        }
    }
    tok->text = line->text + start;
    tok->text_len = end - start;
    cursor->at = end;
    return SCENE_LEX_TOKEN;
}

bool scene_token_is(const scene_token *tok, const char *word)
{
    size_t n = strlen(word);
    return tok->key_len == n && memcmp(tok->key, word, n) == 0;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static size_t skip_digits(const char *s, size_t n, size_t i)
{
    while (i < n && is_digit(s[i]))
        i++;
    return i;
}

/* True when s[0..n) is exactly a number in the accepted grammar. */
static bool is_number_syntax(const char *s, size_t n)
{
    size_t i = 0, mark;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    mark = i;
    i = skip_digits(s, n, i);
    bool int_digits = i > mark;
    bool frac_digits = false;
    if (i < n && s[i] == '.') {
        mark = ++i;
        i = skip_digits(s, n, i);
        frac_digits = i > mark;
    }
    if (!int_digits && !frac_digits)
        return false;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        mark = i;
        i = skip_digits(s, n, i);
        if (i == mark)
            return false;
    }
    return i == n;
}

scene_number_status scene_lex_number(const char *s, size_t n, double *out)
{
    char small[NUMBER_BUFFER];
    char *copy = small, *end = NULL;
    double value;
    if (!is_number_syntax(s, n))
        return SCENE_NUMBER_SYNTAX;
    if (n >= sizeof small) {
        copy = malloc(n + 1);
        if (copy == NULL)
            return SCENE_NUMBER_NO_MEMORY;
    }
    memcpy(copy, s, n);
    copy[n] = '\0';
    value = strtod(copy, &end);
    bool whole = end == copy + n;
    if (copy != small)
        free(copy);
    if (!whole)
        return SCENE_NUMBER_SYNTAX;
    if (!isfinite(value))
        return SCENE_NUMBER_RANGE;
    *out = value;
    return SCENE_NUMBER_OK;
}
