import { describe, expect, it } from 'vitest';
import { actInput, contractorInput, isNip, isRnokpp, maskPersonal, taxNumberProblem } from './schemas.ts';

describe('tax ids', () => {
  it('checks a Ukrainian RNOKPP by its check digit', () => {
    expect(isRnokpp('3184710691')).toBe(true);
    // Every other last digit is wrong.
    for (let digit = 0; digit <= 9; digit += 1) {
      if (digit !== 1) expect(isRnokpp(`318471069${digit}`)).toBe(false);
    }
    expect(isRnokpp('318471069')).toBe(false);
    expect(isRnokpp('31847106911')).toBe(false);
    expect(isRnokpp('31847l0691')).toBe(false);
  });

  it('checks a Polish NIP by its check digit, a remainder of 10 being none', () => {
    expect(isNip('5260250274')).toBe(true);
    expect(isNip('5260250275')).toBe(false);
    // 1,2,3,4,5,6,7,8,9 weigh 6+10+21+8+15+24+35+48+63 = 230, which leaves 10: no NIP ends it.
    for (let digit = 0; digit <= 9; digit += 1) expect(isNip(`123456789${digit}`)).toBe(false);
  });

  it('says what is wrong: the format, or the check digit; another country is not checked', () => {
    expect(taxNumberProblem('UA', '12345')).toBe('format');
    expect(taxNumberProblem('UA', '3184710692')).toBe('invalid');
    expect(taxNumberProblem('PL', '5260250274')).toBeNull();
    expect(taxNumberProblem('other', 'DE 811907980')).toBeNull();
    expect(taxNumberProblem('other', '--')).toBe('format');
  });
});

describe('masking', () => {
  it('hides all but the last four characters, a short value wholly', () => {
    expect(maskPersonal('AB123456')).toBe('••••3456');
    expect(maskPersonal('3184710691')).toBe('••••••0691');
    expect(maskPersonal('1234')).toBe('••••');
    expect(maskPersonal('')).toBe('');
  });
});

describe('the inputs', () => {
  const details = {
    name_uk: 'Олена Коваль',
    name_en: 'Olena Koval',
    tax_country: 'UA',
    address_uk: 'Київ',
    address_en: 'Kyiv',
    contract_number: 'K-17',
    contract_date: '2026-01-05',
    currency: 'UAH',
  };

  it('lets the passport and tax id be left out, and checks the tax id when given', () => {
    expect(contractorInput.safeParse(details).success).toBe(true);
    const wrong = contractorInput.safeParse({ ...details, tax_number: '3184710692' });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['tax_number', 'invalid'],
    ]);
  });

  it('keeps the range rules of the report for an act', () => {
    const act = { user_id: 1, from: '2026-10-01', to: '2026-10-31' };
    expect(actInput.safeParse(act).success).toBe(true);
    expect(actInput.safeParse({ ...act, to: '2026-09-30' }).success).toBe(false);
    expect(actInput.safeParse({ ...act, from: '2025-01-01' }).success).toBe(false);
    expect(actInput.safeParse({ ...act, act_date: '2026-02-30' }).success).toBe(false);
  });
});
