/*
** sop_window.h: windows over dims, shared by the convolution and window
** families (convolution.c, window.c). StableHLO's
** verifyWindowAttributesAndInferWindowDimensions, convertPaddingAttribute
** and inferWindowOutputShape (TypeInference.cpp), as pure functions.
*/
#ifndef MS_SOP_WINDOW_H
#define MS_SOP_WINDOW_H

#include "sop.h"

typedef struct ms_window_dim {
  int64_t size, stride, pad_lo, pad_hi, base_dilation, window_dilation;
} ms_window_dim;

/* Reads the window of n dims with sizes[0..n) from the parameters
** window_strides, padding, lhs_dilation, rhs_dilation, window_reversal
** (the names the rule file maps; absent lists take their defaults) and
** checks them: each written list has n entries, padding is {n, 2}, strides
** and dilations are positive, sizes positive. False with out's reason
** (code "window") otherwise. */
bool ms_window_read(const ms_sop_in *in, const int64_t *sizes, int n, ms_window_dim *w, ms_sop_out *out);

/* The padding parameter's {N, 2} shape check alone (before the rank
** checks, as StableHLO orders them). */
bool ms_window_padding_shape(const ms_sop_in *in, ms_sop_out *out);

/* inferWindowOutputShape for one dim of size base (`?` stays `?`). */
int64_t ms_window_output(int64_t base, const ms_window_dim *w);

#endif
