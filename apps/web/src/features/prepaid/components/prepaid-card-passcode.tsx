import { useTranslation } from 'react-i18next';
import { PasscodeStep, type PasscodeStepProps } from '../../../components/passcode-step';

/** The passcode step before a card's number is shown: asked for every time. */
export function PrepaidCardPasscode({
  cardLabel,
  ...props
}: PasscodeStepProps & { cardLabel: string }) {
  const { t } = useTranslation();
  return (
    <PasscodeStep
      {...props}
      texts={{
        title: t('prepaid.passcode.title'),
        intro: (destination) => t('prepaid.passcode.intro', { card: cardLabel, destination }),
        sending: t('prepaid.passcode.sending'),
        cancel: t('prepaid.passcode.cancel'),
      }}
    />
  );
}
