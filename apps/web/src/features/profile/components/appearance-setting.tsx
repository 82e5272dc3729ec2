import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/choice-group';
import { setThemePreference, themePreferences, useThemePreference } from '../../../lib/theme';

export function AppearanceSetting() {
  const { t } = useTranslation();
  const preference = useThemePreference();
  return (
    <ChoiceGroup
      legend={t('preferences.appearance')}
      options={themePreferences.map((value) => ({ value, label: t(`preferences.theme.${value}`) }))}
      value={preference}
      onChange={setThemePreference}
    />
  );
}
