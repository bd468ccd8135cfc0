import { z, type ZodType } from 'zod';
import {
  kitchenCapacityText,
  restaurantInfoSchema,
  isValidTimeZone,
  type RestaurantInfo,
  type RestaurantResponse,
} from '@shared/contracts/restaurant';
import { formatPhoneDisplay } from '@shared/domain/phone';
import { MAX_KITCHEN_CAPACITY, MIN_KITCHEN_CAPACITY } from '@shared/domain/pickup-quote';
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

/** Settings: the kitchen's capacity is typed as text. */
const settingsInfoSchema = restaurantInfoSchema.extend({ kitchenCapacity: kitchenCapacityText.optional() });
type InfoFormInput = z.input<typeof settingsInfoSchema>;

/**
 * The wizard asks only what a new restaurant needs; the staff line for transfers and the kitchen's capacity are set
 * later, in Settings.
 */
const wizardInfoSchema = restaurantInfoSchema.extend({
  forwardingPhone: z
    .string()
    .nullish()
    .transform(() => undefined),
  kitchenCapacity: z
    .string()
    .optional()
    .transform(() => undefined),
});
const schemaFor = (mode: 'wizard' | 'settings'): ZodType<RestaurantInfo, InfoFormInput> =>
  mode === 'settings' ? settingsInfoSchema : wizardInfoSchema;

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
    kitchenCapacity: String(restaurant.kitchenCapacity),
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
      {mode === 'settings' && (
        <TextField
          label="Orders the kitchen works on at once"
          type="number"
          inputMode="numeric"
          min={MIN_KITCHEN_CAPACITY}
          max={MAX_KITCHEN_CAPACITY}
          step={1}
          hint="Pickup times told to callers count this many orders made side by side, behind the orders already waiting. Usually 3."
          {...field('kitchenCapacity')}
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
