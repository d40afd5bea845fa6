/**
 * A National Provider Identifier: 10 digits, the first 1 or 2, the last a Luhn check digit computed over the
 * nine before it with the prefix 80840 (CMS, "Requirements for constructing the NPI check digit"). Anything else
 * is dropped (`invalid_npi`): an NPI with a typo would join a user's data to another provider.
 * @example normaliseNpi("1234567893") // { value: "1234567893" }
 * @example normaliseNpi("1234567890") // { value: null, problem: { code: "invalid_npi", … } }
 */
export function normaliseNpi(text: string): {
  value: string | null;
  problem?: { code: string; message: string };
} {
  const digits = text.replace(/\s/g, "");
  if (!/^[12]\d{9}$/.test(digits))
    return {
      value: null,
      problem: { code: "invalid_npi", message: `"${text}" is not a 10-digit NPI; dropped` },
    };
  if (!npiCheckDigitHolds(digits))
    return {
      value: null,
      problem: { code: "invalid_npi", message: `"${text}" fails the NPI check digit; dropped` },
    };
  return { value: digits };
}

/** Luhn over "80840" + the first nine digits gives the tenth. */
export function npiCheckDigitHolds(npi: string): boolean {
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/**
 * The check digit of an NPI's first nine digits.
 * @example npiCheckDigit("123456789") // 3
 */
export function npiCheckDigit(nine: string): number {
  const digits = `80840${nine}`;
  let sum = 0;
  // Doubling starts at the rightmost of the digits (the check digit's neighbour).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}
