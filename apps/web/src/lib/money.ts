/** A price in hundredths as the reader writes money: `45,00 €`, `€45.00`. */
export function moneyText(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}
