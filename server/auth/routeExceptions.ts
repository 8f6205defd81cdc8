import { ROUTES } from '../../src/domain/routes';
import type { ServerConfig } from '../config';

/**
 * The routes a user may open by a user-id setting rather than a code (RouteRule.userIdSetting; spec §6: 税费计算
 * for the user ids in TAX_CALCULATION_USER_IDS). The login answer carries them in user.routeExceptions, so the
 * web app's route guard and menu let that user in exactly where the server does.
 */
const SETTINGS: Readonly<Record<string, (config: ServerConfig) => readonly number[]>> = {
  TAX_CALCULATION_USER_IDS: (config) => config.taxCalculationUserIds,
};

export function routeExceptionsFor(config: ServerConfig, userId: number): string[] {
  return ROUTES.filter((rule) => rule.userIdSetting && SETTINGS[rule.userIdSetting]?.(config).includes(userId)).map(
    (rule) => rule.path,
  );
}
