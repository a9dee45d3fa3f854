/**
 * The local profile (spec 1 §3, §7 "Client-side only"): kept only in this browser, encrypted, one
 * per signed-in e-mail. AES-GCM with a key derived by PBKDF2 from a fixed passphrase and a fresh
 * salt per save: it keeps the profile unreadable to anything that reads storage without this app's
 * code; it is not a secret from someone who has the code.
 */
import type { CompanyInfo } from '../../domain/api';

export interface LocalProfile {
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  /** null when the user does not work for a company. */
  companyInfo: CompanyInfo | null;
  updatedAt: string;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const PASSPHRASE = 'meterwork/local-profile/v1';
const PBKDF2_ITERATIONS = 100_000;
const KEY_PREFIX = 'meterwork.profile.';
const FORMAT_VERSION = 1;

interface Envelope {
  v: number;
  salt: string;
  iv: string;
  data: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function deriveKey(salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSPHRASE), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations: PBKDF2_ITERATIONS, hash: 'SHA-256' },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Storage key for an e-mail: a hash, so the address itself is not readable in storage. */
export async function profileStorageKey(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return KEY_PREFIX + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function defaultStore(): KeyValueStore {
  return globalThis.localStorage;
}

/** Saves (creates or replaces) the profile kept for `ownerEmail`, the signed-in user's e-mail. */
export async function saveLocalProfile(ownerEmail: string, profile: LocalProfile, store: KeyValueStore = defaultStore()): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(salt);
  const plain = new TextEncoder().encode(JSON.stringify(profile));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const envelope: Envelope = { v: FORMAT_VERSION, salt: toBase64(salt), iv: toBase64(iv), data: toBase64(cipher) };
  store.setItem(await profileStorageKey(ownerEmail), JSON.stringify(envelope));
}

/** The profile kept for `ownerEmail`, or null when there is none or it cannot be read back. */
export async function loadLocalProfile(ownerEmail: string, store: KeyValueStore = defaultStore()): Promise<LocalProfile | null> {
  const raw = store.getItem(await profileStorageKey(ownerEmail));
  if (!raw) return null;
  try {
    const envelope = JSON.parse(raw) as Envelope;
    if (envelope.v !== FORMAT_VERSION) return null;
    const key = await deriveKey(fromBase64(envelope.salt));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(envelope.iv) }, key, fromBase64(envelope.data));
    return JSON.parse(new TextDecoder().decode(plain)) as LocalProfile;
  } catch {
    // Tampered or corrupt: treat as absent rather than show garbage.
    return null;
  }
}

type SyncCapableRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

export const PROFILE_SYNC_TAG = 'profile-update';

/** Spec 1 §7: after an update a background sync named for profile updates is registered, where supported. */
export async function registerProfileSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncCapableRegistration;
    await registration.sync?.register(PROFILE_SYNC_TAG);
  } catch {
    // Background Sync missing or refused (e.g. iOS): nothing to hand over; the profile is stored.
  }
}
