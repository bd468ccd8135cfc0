import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { restaurantInfoSchema, isValidTimeZone, type RestaurantResponse } from '@shared/contracts/restaurant';
import { Button } from '@web/components/button';
import { SelectField, TextAreaField, TextField } from '@web/components/form-field';
import { useSaveRestaurant } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../form-errors';
import { submitLabel, type EditorProps } from './editor-props';

export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'America/New_York';
}

function timeZoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

export function RestaurantInfoForm({
  restaurant,
  mode,
  onSaved,
  back,
}: EditorProps & { restaurant: RestaurantResponse }) {
  const save = useSaveRestaurant();
  const [values, setValues, clearDraft] = useDraft(mode === 'wizard' ? 'restaurant' : null, {
    restaurantName: restaurant.restaurantName,
    phoneNumber: restaurant.phoneNumber,
    address: restaurant.address,
    timezone: restaurant.timezone ?? browserTimeZone(),
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((errs) => ({ ...errs, [name]: '' }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = restaurantInfoSchema.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    try {
      await save.mutateAsync(parsed.data);
      clearDraft();
      if (mode === 'settings') toast.success('Profile updated successfully');
      await onSaved?.();
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast.error('Failed to update profile');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Restaurant name"
        name="restaurantName"
        autoComplete="organization"
        required
        {...field('restaurantName')}
      />
      <TextField
        label="Restaurant phone"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        hint="The number customers know you by."
        required
        {...field('phoneNumber')}
      />
      <TextAreaField
        label="Address"
        name="address"
        autoComplete="street-address"
        rows={2}
        required
        {...field('address')}
      />
      <SelectField
        label="Time zone"
        name="timezone"
        hint="Your hours and whether you are open right now are worked out in this time zone."
        options={timeZoneOptions(values.timezone)}
        {...field('timezone')}
      />
      <div className="flex items-center justify-between gap-3">
        {back ?? <span />}
        <Button type="submit" isLoading={save.isPending}>
          {submitLabel(mode)}
        </Button>
      </div>
    </form>
  );
}
