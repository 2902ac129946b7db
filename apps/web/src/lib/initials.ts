/** Up to two initials of a name, for the avatar when there is no picture: "Maria Manager" → "MM". */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
