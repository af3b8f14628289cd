import { Field, NativeSelect } from '@chakra-ui/react';

/**
 * A filter's labelled select (full width on a phone, `width` from the `sm` breakpoint): it offers
 * `options` and reports only one of them, whatever the element's value (an option removed from the
 * page by an extension, say) might be.
 */
export function FilterSelect<T extends string>({
  label,
  width,
  value,
  options,
  labelOf,
  onChange,
}: {
  label: string;
  width: string;
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <Field.Root width={{ base: 'full', sm: width }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value}
          onChange={(e) => {
            const chosen = options.find((option) => option === e.currentTarget.value);
            if (chosen !== undefined) onChange(chosen);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
