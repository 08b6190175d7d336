// The geometry of a segmented control, apart from the page so node --test can check it.
// Segments are equally wide and sit `inset` px from the track's left edge, `pitch` px apart
// (a segment's width plus the gap between two segments). Positions are the thumb's left
// edge in px from the track's left edge.

/** A quick flick moves one segment in its direction, wherever the finger let go. */
export const FLICK_VELOCITY_PX_PER_S = 400;

/** Where the thumb sits over segment `index`. */
export function thumbPosition(index, { inset, pitch }) {
  return inset + index * pitch;
}

/** The thumb's position kept over the track: from the first segment to the last. */
export function clampPosition(position, { inset, pitch, count }) {
  return Math.min(Math.max(position, inset), thumbPosition(count - 1, { inset, pitch }));
}

/** Which segment lies under x (px from the track's left edge); the gap goes to the nearer one. */
export function segmentAt(x, { inset, pitch, count, width }) {
  const index = Math.round((x - inset - width / 2) / pitch);
  return Math.min(Math.max(index, 0), count - 1);
}

/**
 * The segment the thumb snaps to when the finger lets go at `position` moving at `velocity`
 * (px/s): the nearest one, or after a flick the next one in the flick's direction.
 */
export function snapIndex(position, velocity, { inset, pitch, count }) {
  const along = (position - inset) / pitch; // in segments, 0 = over the first
  let index = Math.round(along);
  if (velocity >= FLICK_VELOCITY_PX_PER_S) index = Math.floor(along + 1e-6) + 1;
  else if (velocity <= -FLICK_VELOCITY_PX_PER_S) index = Math.ceil(along - 1e-6) - 1;
  return Math.min(Math.max(index, 0), count - 1);
}

/**
 * The insets that clip the inverted labels (a layer over the whole track) to the thumb's
 * rectangle, for CSS `clip-path: inset(top right bottom left round radius)`.
 */
export function thumbClip({ position, top, width, height }, track) {
  return {
    top,
    right: track.width - position - width,
    bottom: track.height - top - height,
    left: position,
  };
}

/** The clip as a CSS value. */
export function clipPath(clip, radius) {
  const px = (value) => `${Math.round(value * 100) / 100}px`;
  return `inset(${px(clip.top)} ${px(clip.right)} ${px(clip.bottom)} ${px(clip.left)} round ${px(radius)})`;
}
