/* Private to the scene parser: the lexical layer of "flotsam-scene 1".
 * Checks that the text is clean UTF-8, splits it into lines, and splits a
 * line into tokens (a bare word, or key=value), tracking 1-based line and
 * column (in code points) for error messages. */
#ifndef FL_SCENE_LEX_H
#define FL_SCENE_LEX_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include "flotsam/flotsam.h"

/* Room for a quoted excerpt of the input in a message ("abc..." + NUL). */
#define SCENE_QUOTE_SIZE 48

typedef struct scene_pos {
    int line, column;
} scene_pos;

typedef struct scene_line {
    const char *text;  /* without the line end ("\n" or "\r\n") */
    size_t len;
    int number;        /* 1-based */
} scene_line;

typedef struct scene_token {
    const char *text;  /* the whole token, for messages */
    size_t text_len;
    const char *key;   /* the bare word, or the part before '=' */
    size_t key_len;
    scene_pos key_pos;
    bool has_value;    /* key=value rather than a bare word */
    const char *value;
    size_t value_len;
    scene_pos value_pos;
} scene_token;

typedef struct scene_cursor {
    const scene_line *line;
    size_t at;         /* byte offset into the line */
} scene_cursor;

typedef enum scene_lex_result { SCENE_LEX_TOKEN, SCENE_LEX_END, SCENE_LEX_ERROR } scene_lex_result;

typedef enum scene_number_status {
    SCENE_NUMBER_OK,
    SCENE_NUMBER_SYNTAX,
    SCENE_NUMBER_RANGE,
    SCENE_NUMBER_NO_MEMORY
} scene_number_status;

#if defined(__GNUC__)
#define SCENE_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define SCENE_PRINTF(fmt, args)
#endif

/* Fills *err with a position and a printf-formatted message. */
void scene_set_error(fl_scene_error *err, scene_pos at, const char *fmt, ...) SCENE_PRINTF(3, 4);
/* "out of memory for WHAT" at `at`, marked as out of memory (not the
 * text's fault). */
void scene_set_no_memory(fl_scene_error *err, scene_pos at, const char *fmt, ...)
    SCENE_PRINTF(3, 4);
/* Either of the two, from a va_list. */
void scene_set_error_va(fl_scene_error *err, scene_pos at, bool no_memory, const char *fmt,
                        va_list ap);

/* Copies at most about 40 bytes of s (cut on a character boundary, "..."
 * appended when shortened) into out, for quoting input in a message. */
void scene_quote(char out[SCENE_QUOTE_SIZE], const char *s, size_t n);

/* Number of code points in the first n bytes of valid UTF-8 text. */
int scene_count_chars(const char *s, size_t n);

/* Checks that the text is UTF-8 without NUL bytes, other control
 * characters than tab and line ends, or a carriage return that is not part
 * of "\r\n". */
bool scene_lex_check_text(const char *text, size_t len, fl_scene_error *err);

/* 3 when the text starts with a UTF-8 byte order mark (which Windows
 * editors write; it is read past, and columns count from after it), else 0. */
size_t scene_lex_bom(const char *text, size_t len);

/* Steps to the next line at *offset (start with *offset = 0 and a zeroed
 * *line); false after the last. */
bool scene_lex_next_line(const char *text, size_t len, size_t *offset, scene_line *line);

/* True for a line holding only spaces, tabs and a comment. */
bool scene_lex_is_blank(const scene_line *line);

/* True for a line that starts with a space or a tab. */
bool scene_lex_is_indented(const scene_line *line);

/* Reads the next token of the line: SCENE_LEX_END at the end of the line or
 * at a comment, SCENE_LEX_ERROR (with *err filled) on a malformed field. */
scene_lex_result scene_lex_next(scene_cursor *cursor, scene_token *tok, fl_scene_error *err);

/* True when the token is the bare word or key `word`. */
bool scene_token_is(const scene_token *tok, const char *word);

/* Parses a decimal number, `[+-]? (digits [. digits?] | . digits)
 * ([eE] [+-]? digits)?` and nothing else; a finite result is required. */
scene_number_status scene_lex_number(const char *s, size_t n, double *out);

#endif
