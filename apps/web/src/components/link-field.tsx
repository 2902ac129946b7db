import { Text, TextInput } from '@mantine/core';

interface LinkFieldProps {
  /** The link, or null while there is none yet. */
  url: string | null | undefined;
  label: string;
  description: string;
  /** Said instead of the field while there is no link. */
  noLink: string;
  /** Said when copying failed (no clipboard): the teacher selects the field and copies it by hand. */
  copyByHand: string | null;
}

/**
 * A link to pass on (the parents' plan, the child's screen): read-only, selected whole on focus,
 * or a line saying there is none yet; and, when the clipboard refused, how to copy it by hand.
 */
export function LinkField({ url, label, description, noLink, copyByHand }: LinkFieldProps) {
  return (
    <>
      {url ? (
        <TextInput
          label={label}
          description={description}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : (
        <Text size="sm" c="gray.7">
          {noLink}
        </Text>
      )}
      {copyByHand && (
        <Text size="sm" role="status">
          {copyByHand}
        </Text>
      )}
    </>
  );
}
