import { PinInput } from '@mantine/core';

/** Props of {@link CodePinInput}. */
export interface CodePinInputProps {
  /** How many digits: `PHONE_CODE.digits` or `TOTP.digits` (both 6). */
  length: number;
  /** The accessible name of the whole code (and of the first box). */
  label: string;
  /** The accessible name of box `position` (2-based: "Digit 2 of 6"). */
  digitLabel: (position: number, total: number) => string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the boxes invalid (a wrong or incomplete code). */
  isInvalid: boolean;
  autoFocus?: boolean;
  /** Id of the element that says what is wrong with the code, read with every box. */
  describedBy?: string;
}

/**
 * The boxes of a one-time code (an SMS sign-in code, DESIGN.md §3, or an
 * authenticator code, RFC 6238): digits only, `autocomplete="one-time-code"`
 * so phones offer the code from the SMS, the first box named after the whole
 * code and the others "Digit n of N" for screen readers.
 */
export function CodePinInput(props: CodePinInputProps) {
  const { length, label, digitLabel } = props;
  return (
    <PinInput
      length={length}
      type="number"
      oneTimeCode
      autoFocus={props.autoFocus}
      size="md"
      gap="xs"
      value={props.value}
      onChange={props.onChange}
      error={props.isInvalid}
      ariaLabel={label}
      getInputProps={(index) => ({
        'aria-label': index === 0 ? label : digitLabel(index + 1, length),
        // Mantine's own aria attributes would replace `aria-describedby`: set them here.
        withAria: false,
        'aria-invalid': props.isInvalid || undefined,
        'aria-describedby': props.describedBy,
      })}
    />
  );
}
