import type { SmsConfig, SmsProviderName } from '../lib/env.ts';
import { ConsoleSmsProvider, RoutingSmsProvider, type SmsProvider } from './sms.ts';
import { Msg91SmsProvider } from './sms-msg91.ts';
import { TwilioSmsProvider } from './sms-twilio.ts';

/**
 * The provider `config` describes (lib/env.ts `SmsConfig`, DESIGN.md §3):
 * the fallback alone when there are no routes, else a
 * {@link RoutingSmsProvider} that picks one per destination prefix (one
 * instance per provider name).
 */
export function createSmsProvider(config: SmsConfig): SmsProvider {
  const made = new Map<SmsProviderName, SmsProvider>();
  const provider = (name: SmsProviderName): SmsProvider => {
    let instance = made.get(name);
    if (!instance) {
      instance = build(name, config);
      made.set(name, instance);
    }
    return instance;
  };
  const fallback = provider(config.fallback);
  if (config.routes.length === 0) return fallback;
  return new RoutingSmsProvider(
    fallback,
    new Map(config.routes.map(([prefix, name]) => [prefix, provider(name)])),
  );
}

function build(name: SmsProviderName, config: SmsConfig): SmsProvider {
  switch (name) {
    case 'console':
      return new ConsoleSmsProvider();
    case 'twilio':
      if (!config.twilio) throw new Error('SMS config names twilio without its settings');
      return new TwilioSmsProvider(config.twilio);
    case 'msg91':
      if (!config.msg91) throw new Error('SMS config names msg91 without its settings');
      return new Msg91SmsProvider(config.msg91);
  }
}
