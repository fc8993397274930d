import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, countryName } from '../../../lib/countries';

/** Props of {@link CountrySelect}: a NativeSelect's props without `data`. */
export type CountrySelectProps = Omit<NativeSelectProps, 'data'>;

/** A select of countries by name; its value is the ISO 3166-1 alpha-2 code. */
export function CountrySelect(props: CountrySelectProps) {
  const { i18n } = useTranslation();
  const data = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, i18n.language) })).sort(
        (a, b) => a.label.localeCompare(b.label, i18n.language),
      ),
    [i18n.language],
  );
  return <NativeSelect required {...props} data={data} />;
}
