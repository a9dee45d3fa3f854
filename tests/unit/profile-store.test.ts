import { describe, expect, it } from 'vitest';
import {
  loadLocalProfile, profileStorageKey, saveLocalProfile, type KeyValueStore, type LocalProfile,
} from '../../src/features/profile/localProfile';
import { formToProfile, profileToForm } from '../../src/features/profile/profileForm';

class MemoryStore implements KeyValueStore {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
}

const profile: LocalProfile = {
  firstName: 'Ola', lastName: 'Nordmann', mobile: '91234567', email: 'ola@ror.no',
  companyInfo: { id: 'c1', orgNumber: '912345678', name: 'Rørfirma AS', address: 'Storgata 1', postcode: 150, city: 'Oslo', telephone: '22334455', email: 'post@ror.no' },
  updatedAt: '2025-03-01T10:00:00.000Z',
};

describe('local profile store', () => {
  it('reads back what it saved, keyed by the e-mail', async () => {
    const store = new MemoryStore();
    await saveLocalProfile('Ola@Ror.no', profile, store);
    await expect(loadLocalProfile('ola@ror.no', store)).resolves.toEqual(profile);
    await expect(loadLocalProfile('kari@ror.no', store)).resolves.toBeNull();
  });

  it('keeps neither the profile nor the e-mail readable in storage', async () => {
    const store = new MemoryStore();
    await saveLocalProfile('ola@ror.no', profile, store);
    const [[key, value]] = [...store.data.entries()];
    expect(key).toBe(await profileStorageKey('ola@ror.no'));
    expect(key).not.toContain('ola');
    for (const plain of ['Nordmann', 'Storgata', '91234567', 'ror.no']) expect(value).not.toContain(plain);
    const envelope = JSON.parse(value);
    expect(Object.keys(envelope).sort()).toEqual(['data', 'iv', 'salt', 'v']);
  });

  it('uses a fresh salt and IV on every save', async () => {
    const store = new MemoryStore();
    await saveLocalProfile('ola@ror.no', profile, store);
    const first = [...store.data.values()][0];
    await saveLocalProfile('ola@ror.no', profile, store);
    expect([...store.data.values()][0]).not.toBe(first);
  });

  it('treats tampered data as no profile', async () => {
    const store = new MemoryStore();
    await saveLocalProfile('ola@ror.no', profile, store);
    const [key, value] = [...store.data.entries()][0];
    const envelope = JSON.parse(value);
    const bytes = Buffer.from(envelope.data, 'base64');
    bytes[0] ^= 1;
    store.setItem(key, JSON.stringify({ ...envelope, data: bytes.toString('base64') }));
    await expect(loadLocalProfile('ola@ror.no', store)).resolves.toBeNull();
    store.setItem(key, 'not json');
    await expect(loadLocalProfile('ola@ror.no', store)).resolves.toBeNull();
  });
});

describe('profile form conversion', () => {
  it('shows the postal code with its leading zero and stores it as a number', () => {
    const form = profileToForm(profile);
    expect(form.company?.postcode).toBe('0150');
    const back = formToProfile(form, profile, new Date('2025-03-02T00:00:00Z'), () => 'new-id');
    expect(back).toEqual({ ...profile, updatedAt: '2025-03-02T00:00:00.000Z' });
  });

  it('stores no company when not working for one, and gives a new company an id', () => {
    const form = { personal: { firstName: ' Ola ', lastName: 'N', telephone: '1', email: 'o@r.no' }, company: null };
    expect(formToProfile(form, null, new Date(0), () => 'x').companyInfo).toBeNull();
    expect(formToProfile(form, null, new Date(0), () => 'x').firstName).toBe('Ola');
    const withCompany = { ...form, company: { orgNumber: '1', name: 'A', address: 'B', postcode: '0001', city: 'C', telephone: '2', email: 'a@b.no' } };
    expect(formToProfile(withCompany, null, new Date(0), () => 'new-id').companyInfo).toMatchObject({ id: 'new-id', postcode: 1 });
  });
});
