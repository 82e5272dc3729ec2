import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../components/choice-group';
import { changeLanguage, currentLanguage, supportedLanguages } from '../../../lib/i18n';

export function LanguageSetting() {
  // Re-renders on language change, so currentLanguage() below stays current.
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      legend={t('preferences.language')}
      options={supportedLanguages.map((value) => ({
        value,
        label: t(`preferences.languages.${value}`),
      }))}
      value={currentLanguage()}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
