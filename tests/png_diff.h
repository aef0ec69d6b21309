/* How far a decoded frame is from the PNG it was made from, for the
 * animation and video probes. */
#ifndef FL_PNG_DIFF_H
#define FL_PNG_DIFF_H

#include <stdint.h>

/* The mean absolute difference of the channels (0 to 255) of w x h pixels
 * of Cairo's ARGB32 (native-endian 0xAARRGGBB words) and a PNG of that
 * size; -1 (said on stderr) when the PNG cannot be read or is not of it. */
double png_diff(const uint32_t *pixels, int w, int h, const char *png);

#endif
