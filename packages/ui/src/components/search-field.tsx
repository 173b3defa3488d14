/** A page's search box: a labelled text field, as wide as a line of the list it filters. */
import { TextInput } from '@mantine/core';

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  type,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'search';
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type={type}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={420}
    />
  );
}
