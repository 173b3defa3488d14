/**
 * The Add Availability modal (reference §5 Availability form): start and end dates required, status
 * Available or Not Available, and a reason only when Not Available (an empty one is omitted).
 * Checked with the request's schema (the end not before the start, the reason's length). On
 * /family a guardian adds an absence for a child (`forUser`): the entry is the child's.
 */
import { Modal, TextInput } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { availabilityInputSchema, type AvailabilityInput } from '@teamapp/contracts';
import { ApiFormStack, FormActions, RadioChoices, requestSchema, useApiForm } from '@teamapp/ui';
import { DateField } from '../../shared/date-fields';
import { useAddAvailability } from '../api/availability-api';

const ADD_FAILED = 'Failed to create availability entry';

interface AvailabilityFormValues {
  startDate: string;
  endDate: string;
  status: 'available' | 'unavailable';
  reason: string;
}

const availabilityFormSchema = (forUserId: string | undefined) =>
  requestSchema(availabilityInputSchema, (values: AvailabilityFormValues): AvailabilityInput => {
    const isAvailable = values.status === 'available';
    return {
      startDate: values.startDate,
      endDate: values.endDate,
      isAvailable,
      ...(isAvailable ? {} : { reason: values.reason }),
      ...(forUserId ? { forUserId } : {}),
    };
  });

interface Props {
  opened: boolean;
  initialDate: string;
  onClose: () => void;
  onAdded: (message: string) => void;
  /** A guardian's child the entry is for (absent: the member's own). */
  forUser?: { id: string; name: string };
}

export function AvailabilityForm({ opened, initialDate, onClose, onAdded, forUser }: Props) {
  const add = useAddAvailability();
  const api = useApiForm({
    initialValues: {
      startDate: initialDate,
      endDate: initialDate,
      status: 'unavailable',
      reason: '',
    } as AvailabilityFormValues,
    schema: availabilityFormSchema(forUser?.id),
    submit: (input) => add.mutateAsync(input),
    errorMessage: (err) => errorText(err, ADD_FAILED),
    onSuccess: (res) => {
      api.form.setFieldValue('reason', '');
      onAdded(res.message);
    },
  });
  const { form } = api;
  const { startDate, endDate, status } = form.values;
  const canSubmit = startDate !== '' && endDate !== '' && !api.pending;

  function close() {
    api.setFormError(null);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={forUser ? `Add absence for ${forUser.name}` : 'Add Availability'}
      centered
    >
      <ApiFormStack api={api}>
        <DateField
          label="Start Date"
          required
          {...form.getInputProps('startDate')}
          data-autofocus
        />
        <DateField
          label="End Date"
          required
          notBefore={startDate || undefined}
          {...form.getInputProps('endDate')}
        />
        <RadioChoices
          label="Status"
          choices={[
            { value: 'available', label: 'Available' },
            { value: 'unavailable', label: 'Not Available' },
          ]}
          {...form.getInputProps('status')}
        />
        {status === 'unavailable' && (
          <TextInput
            label="Reason"
            placeholder="e.g. Family holiday"
            {...form.getInputProps('reason')}
          />
        )}
        <FormActions
          mt="sm"
          onCancel={close}
          disabled={!canSubmit}
          loading={api.pending}
          submit="Add Entry"
        />
      </ApiFormStack>
    </Modal>
  );
}
