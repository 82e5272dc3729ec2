import { useTranslation } from 'react-i18next';
import { PasscodeStep, type PasscodeStepProps } from '../../../components/passcode-step';

/** The passcode step that opens a card on a device it was never opened on. */
export function GiftCardPasscode(props: PasscodeStepProps) {
  const { t } = useTranslation();
  return (
    <PasscodeStep
      {...props}
      texts={{
        title: t('giftCardWallet.passcode.title'),
        intro: (destination) => t('giftCardWallet.passcode.intro', { destination }),
        sending: t('giftCardWallet.passcode.sending'),
        cancel: t('giftCardWallet.passcode.cancel'),
      }}
    />
  );
}
