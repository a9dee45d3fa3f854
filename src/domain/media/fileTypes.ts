/**
 * Which files are photos (spec 1 §5: "accepts jpg, jpeg, png, jfif (the file input also accepts
 * heic)"): what the device offers to pick, and what is stored, judged by the file's first bytes.
 */

/** Content types a photo is stored as, decided by the file's bytes, never by its name. */
export const STORED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type StoredImageType = (typeof STORED_IMAGE_TYPES)[number];

/** What the file input offers: the stored types' extensions, and heic (refused when it cannot be decoded). */
export const OFFERED_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'jfif', 'heic'] as const;
export const OFFERED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;

/** By name and declared type only, to refuse early what is plainly no photo; the content decides. */
export function offeredAsPhoto(name: string, type: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return (OFFERED_PHOTO_EXTENSIONS as readonly string[]).includes(ext) || (OFFERED_PHOTO_TYPES as readonly string[]).includes(type);
}

const SIGNATURES: { type: StoredImageType; bytes: readonly number[] }[] = [
  // SOI and the first marker's 0xFF.
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The stored type a file's first bytes say it is, or null for anything else (HEIC, GIF, text…). */
export function sniffImageType(bytes: Uint8Array): StoredImageType | null {
  return SIGNATURES.find((s) => bytes.length >= s.bytes.length && s.bytes.every((b, i) => bytes[i] === b))?.type ?? null;
}
