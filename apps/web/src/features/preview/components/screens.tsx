import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

type Section = 'games' | 'gameDetail' | 'me' | 'login' | 'passwordForgot' | 'passwordReset';

function PreviewScreen({ section }: { section: Section }) {
  const { t } = useTranslation('preview');
  return <EmptyScreen title={t(`${section}.title`)} empty={t(`${section}.empty`)} />;
}

export const PreviewGames = () => <PreviewScreen section="games" />;
export const PreviewGameDetail = () => <PreviewScreen section="gameDetail" />;
export const PreviewMe = () => <PreviewScreen section="me" />;
export const PreviewLogin = () => <PreviewScreen section="login" />;
export const PreviewPasswordForgot = () => <PreviewScreen section="passwordForgot" />;
export const PreviewPasswordReset = () => <PreviewScreen section="passwordReset" />;
