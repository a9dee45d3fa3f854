/**
 * What a stored photo is (spec 1 §5 upload: "maximum side 1920, quality 80, size threshold 0 MB
 * (everything compressed)"): the device makes it so, the server holds any other upload to it.
 */

/** Longest side of a stored picture: the device resizes to it, the server scales anything larger down to it. */
export const MAX_IMAGE_SIDE = 1920;
/** JPEG quality of a stored picture (0–1, as a canvas takes it; the spec's "80"). */
export const PHOTO_QUALITY = 0.8;
/** Largest file the API takes: a 1920 px JPEG at quality 0.8 is about 0.4–1 MB, a PNG a few MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The carousel's thumbnails (device only): small enough to keep hundreds in the replica. */
export const THUMB_SIDE = 240;
export const THUMB_QUALITY = 0.7;
