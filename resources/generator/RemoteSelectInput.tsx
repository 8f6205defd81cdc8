import { SelectInput, type SelectInputProps } from 'react-admin';
import { useRemoteChoices } from '../../src/components/useRemoteChoices';

/** A select whose choices are data (a declaration's `choicesFrom`), shown by name. */
export function RemoteSelectInput({ choicesFrom, ...props }: SelectInputProps & { choicesFrom: string }) {
  const choices = useRemoteChoices(choicesFrom);
  return <SelectInput {...props} choices={choices as never} isLoading={choices.length === 0} />;
}
