import { z, type ZodType } from 'zod';
import {
  restaurantInfoSchema,
  isValidTimeZone,
  type RestaurantInfo,
  type RestaurantResponse,
} from '@shared/contracts/restaurant';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { SelectField, TextAreaField, TextField } from '@web/components/form-field';
import { useSaveRestaurant } from '../setup-api';
import { useDraft } from '@web/lib/drafts';
import type { EditorProps } from './editor-props';
import { EditorFooter } from './editor-footer';
import { bindField, useEditorSubmit } from './use-editor-form';
import { useUnsavedChanges } from '../unsaved-changes';

export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'America/New_York';
}

/** The wizard asks only what a new restaurant needs; the staff line for transfers is set later, in Settings. */
const wizardInfoSchema = restaurantInfoSchema.extend({
  forwardingPhone: z
    .string()
    .nullish()
    .transform(() => undefined),
});
const schemaFor = (mode: 'wizard' | 'settings'): ZodType<RestaurantInfo, z.input<typeof restaurantInfoSchema>> =>
  mode === 'settings' ? restaurantInfoSchema : wizardInfoSchema;

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
    forwardingPhone: formatPhoneDisplay(restaurant.forwardingPhone),
  });
  const unsaved = useUnsavedChanges(values);
  const { errors, setErrors, onSubmit } = useEditorSubmit({
    schema: schemaFor(mode),
    save: (data) => save.mutateAsync(data),
    clearDraft,
    mode,
    onSaved,
    savedMessage: 'Profile updated successfully',
    failedMessage: 'Failed to update profile',
    unsaved,
  });
  const field = bindField(values, setValues, errors, setErrors);

  return (
    <form onSubmit={onSubmit(values)} noValidate className="flex flex-col gap-4">
      <TextField label="Restaurant name" autoComplete="organization" required {...field('restaurantName')} />
      <TextField
        label="Restaurant phone"
        type="tel"
        autoComplete="tel"
        placeholder="(555) 123-4567"
        hint="The number customers know you by."
        required
        {...field('phoneNumber')}
      />
      <TextAreaField label="Address" autoComplete="street-address" rows={2} required {...field('address')} />
      {mode === 'settings' && (
        <TextField
          label="Staff phone line"
          type="tel"
          autoComplete="off"
          placeholder="(555) 987-6543"
          hint="Optional. When a caller asks to speak to someone, the assistant transfers the call to this number. Leave it empty and the assistant tells callers that nobody is available."
          {...field('forwardingPhone')}
        />
      )}
      <SelectField
        label="Time zone"
        hint="Your hours and whether you are open right now are worked out in this time zone."
        options={timeZoneOptions(values.timezone)}
        {...field('timezone')}
      />
      <EditorFooter mode={mode} back={back} isSaving={save.isPending} />
    </form>
  );
}
