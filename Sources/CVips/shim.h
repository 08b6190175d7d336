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

// vips_text is variadic. Renders Pango markup as a one-band 8-bit mask (0 paper, 255
// ink) cropped to the ink. `font` is a Pango font description ("sans bold 40px");
// `width` wraps lines at word boundaries, or inside a word too long for a line, so a long
// watermark never becomes one strip wider than the photo.
static inline int fotofolio_vips_text(VipsImage **out, const char *markup,
                                      const char *font, int width) {
    return vips_text(out, markup, "font", font, "width", width,
                     "wrap", VIPS_TEXT_WRAP_WORD_CHAR, "align", VIPS_ALIGN_CENTRE, NULL);
}

// vips_embed is variadic; the fill of the new pixels is an optional argument. `repeat`
// fills them with copies of the image, which is how one cell of watermark becomes a
// wallpaper (and, on a cell-sized canvas, a cyclic shift); otherwise they are black.
static inline int fotofolio_vips_embed(VipsImage *in, VipsImage **out, int x, int y,
                                       int width, int height, gboolean repeat) {
    return vips_embed(in, out, x, y, width, height,
                      "extend", repeat ? VIPS_EXTEND_REPEAT : VIPS_EXTEND_BLACK, NULL);
}

// vips_join is variadic. Puts `bottom` under `top`.
static inline int fotofolio_vips_join_vertical(VipsImage *top, VipsImage *bottom, VipsImage **out) {
    return vips_join(top, bottom, out, VIPS_DIRECTION_VERTICAL, NULL);
}

// vips_linear1 is variadic. Multiplies every value by `factor`, rounded and clipped back
// to 8 bits, as a mask's opacity.
static inline int fotofolio_vips_scale_uchar(VipsImage *in, VipsImage **out, double factor) {
    return vips_linear1(in, out, factor, 0.0, "uchar", TRUE, NULL);
}

// vips_gaussblur is variadic. Softens a mask into the shadow under the watermark's letters.
static inline int fotofolio_vips_gaussblur(VipsImage *in, VipsImage **out, double sigma) {
    return vips_gaussblur(in, out, sigma, NULL);
}

// vips_ifthenelse is variadic; "blend" is an optional argument. With it, each pixel is
// mixed from `in1` and `in2` in the proportion mask/255, which lays a colour over the
// photo with the mask as its opacity.
static inline int fotofolio_vips_blend(VipsImage *mask, VipsImage *in1, VipsImage *in2,
                                       VipsImage **out) {
    return vips_ifthenelse(mask, in1, in2, out, "blend", TRUE, NULL);
}

#endif
