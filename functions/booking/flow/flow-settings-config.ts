/**
 * The flow's settings as the functions that run booking's steps read them (the booking function and the
 * flow's): the supplier timeouts, the retention behind guest details' expiry, and the FX figures' maximum age.
 */
import { configFragment } from '../../shared/config-schema.js';
import { fxSettingsConfig } from '../../stores/fx-settings.js';
import { retentionDaysConfig } from '../personal-data/personal-data-retention.js';
import type { FlowSettings } from './flow-deps.js';
import { supplierTimeoutsConfig } from './supplier-timeouts-config.js';

export const flowSettingsConfig = configFragment(
  { ...supplierTimeoutsConfig.variables, ...retentionDaysConfig.variables, ...fxSettingsConfig.variables },
  (values): FlowSettings => ({
    ...supplierTimeoutsConfig.read(values),
    retentionDays: retentionDaysConfig.read(values),
    fx: fxSettingsConfig.read(values),
  }),
);
