/**
 * Matrikkel (cadastre) numbers. We store them as 22 digits: municipality (4), gnr (5), bnr (4),
 * fnr (4), snr (5). A section (snr) ends the number, so "last five characters" is the section.
 */
export interface MatrikkelParts {
  kommunenr: string;
  gnr: number;
  bnr: number;
  fnr: number;
  snr: number;
}

export function composeMatrikkelNummer(p: MatrikkelParts): string {
  return p.kommunenr.padStart(4, '0') + String(p.gnr).padStart(5, '0') + String(p.bnr).padStart(4, '0')
    + String(p.fnr).padStart(4, '0') + String(p.snr).padStart(5, '0');
}

export function parseMatrikkelNummer(nr: string): MatrikkelParts | null {
  if (!/^\d{22}$/.test(nr)) return null;
  return {
    kommunenr: nr.slice(0, 4),
    gnr: Number(nr.slice(4, 9)),
    bnr: Number(nr.slice(9, 13)),
    fnr: Number(nr.slice(13, 17)),
    snr: Number(nr.slice(17, 22)),
  };
}

/** Human form: 3201-12/34/0/1. */
export function formatMatrikkelNummer(nr: string): string {
  const p = parseMatrikkelNummer(nr);
  return p ? `${p.kommunenr}-${p.gnr}/${p.bnr}/${p.fnr}/${p.snr}` : nr;
}

/**
 * Spec 1 §5: when the property number's last digit is above 0, the location is fetched for the
 * base property number (last five characters replaced by zeros).
 */
export function locationMatrikkelNummer(nr: string): string {
  const last = Number(nr.slice(-1));
  return last > 0 ? nr.slice(0, -5) + '00000' : nr;
}
