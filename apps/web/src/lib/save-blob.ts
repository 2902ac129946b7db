/**
 * Saves a downloaded file under a name. Files that need the bearer token cannot be plain links:
 * they are fetched through the API client, then handed to the browser as an object URL.
 */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked on the next turn: some browsers read the address only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
