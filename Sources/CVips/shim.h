#ifndef FOTOFOLIO_VIPS_SHIM_H
#define FOTOFOLIO_VIPS_SHIM_H

#include <vips/vips.h>

// Swift cannot call C variadic functions or macros, and libvips's operations all take
// NULL-terminated optional arguments. Each wrapper below makes one such call with the
// fixed options the Imaging module needs, and nothing more.

// VIPS_INIT is a macro (it checks the ABI of the headers against the library).
static inline int fotofolio_vips_init(const char *argv0) {
    return VIPS_INIT(argv0);
}

// vips_image_new_from_file is variadic. Sequential access: the probe only reads the
// header, and tests read pixels top to bottom.
static inline VipsImage *fotofolio_vips_open(const char *filename) {
    return vips_image_new_from_file(filename, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

// vips_thumbnail is variadic. Fits the photo inside width x height (never enlarging),
// applies the EXIF orientation, lets the loader decode at reduced size (JPEG, WebP,
// HEIF), and fails on truncated data instead of returning grey rows. When the file has
// an ICC profile, pixels are converted to sRGB with it.
static inline int fotofolio_vips_thumbnail(const char *filename, VipsImage **out,
                                           int width, int height, gboolean to_srgb) {
    if (to_srgb)
        return vips_thumbnail(filename, out, width, "height", height,
                              "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                              "export_profile", "srgb", NULL);
    return vips_thumbnail(filename, out, width, "height", height,
                          "size", VIPS_SIZE_DOWN, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

// vips_colourspace is variadic. Grey, 16-bit and CMYK-derived images all become 8-bit sRGB.
static inline int fotofolio_vips_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

// vips_cast is variadic. Guarantees 8 bits per band for the encoders.
static inline int fotofolio_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

// vips_flatten is variadic and takes its background as a boxed array. Transparent
// pixels become white, as JPEG has no alpha.
static inline int fotofolio_vips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}

// vips_smartcrop is variadic and reports the attention centre through optional output
// arguments.
static inline int fotofolio_vips_smartcrop_attention(VipsImage *in, VipsImage **out,
                                                     int side, int *x, int *y) {
    return vips_smartcrop(in, out, side, side, "interesting", VIPS_INTERESTING_ATTENTION,
                          "attention_x", x, "attention_y", y, NULL);
}

// vips_crop is variadic.
static inline int fotofolio_vips_crop(VipsImage *in, VipsImage **out,
                                      int left, int top, int width, int height) {
    return vips_crop(in, out, left, top, width, height, NULL);
}

// vips_resize is variadic; the vertical scale is an optional argument.
static inline int fotofolio_vips_resize(VipsImage *in, VipsImage **out,
                                        double hscale, double vscale) {
    return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

// vips_stats is variadic. Its result is a matrix with a row per band holding
// min, max, sum, sum of squares, mean, ...
static inline int fotofolio_vips_stats(VipsImage *in, VipsImage **out) {
    return vips_stats(in, out, NULL);
}

// vips_jpegsave_buffer is variadic. strip drops every metadata block (EXIF, GPS, XMP,
// IPTC, ICC); the pixels are already sRGB, which is what a browser assumes without a
// profile. Optimised Huffman tables make files ~5 % smaller for little time; progressive
// scans would cost about three times the encoding time, so they are left off.
static inline int fotofolio_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len,
                                                 int quality) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE,
                                "optimize_coding", TRUE, NULL);
}

// vips_webpsave_buffer is variadic. strip as above.
static inline int fotofolio_vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len,
                                                 int quality) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

#endif
