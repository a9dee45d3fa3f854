import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '../../domain/enums';

const STATUS: Record<number, { key: string; palette: string }> = {
  [UserStatus.Pending]: { key: 'StatusPending', palette: 'orange' },
  [UserStatus.Activated]: { key: 'StatusActivated', palette: 'green' },
  [UserStatus.Rejected]: { key: 'StatusRejected', palette: 'red' },
  [UserStatus.Deactivated]: { key: 'StatusDeactivated', palette: 'gray' },
};

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('plumbers');
  const s = STATUS[status];
  if (!s) return null;
  return <Badge colorPalette={s.palette} variant="subtle">{t(s.key)}</Badge>;
}
