/** Page frame, loading, empty and error states shared by every screen. */
import type { ReactNode } from 'react';
import { Box, Button, Center, EmptyState, Heading, HStack, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BlockIcon, InfoIcon } from './icons';

/** Spec 1 §9: pages keep 84 px free at the bottom (room for the snackbar and mobile bars). */
export const PAGE_BOTTOM_MARGIN_PX = 84;

export interface PageLayoutProps {
  /** Optional heading inside the page; the header bar already shows the route title. */
  heading?: ReactNode;
  /** Controls at the right of the heading (e.g. filters, Add). */
  actions?: ReactNode;
  /** Shown above the heading, e.g. a link back to a list. */
  top?: ReactNode;
  maxW?: string;
  children: ReactNode;
}

export function PageLayout({ heading, actions, top, maxW = '5xl', children }: PageLayoutProps) {
  return (
    <Box
      as="main" px={{ base: '3', md: '6' }} pt="4" mx="auto" w="100%" maxW={maxW}
      // The open snackbars' height (set by SnackbarHost) when that is more than the spec's 84 px.
      pb={`max(${PAGE_BOTTOM_MARGIN_PX}px, calc(var(--snackbar-space, 0px) + 16px))`}
    >
      <Stack gap="4">
        {top}
        {(heading || actions) && (
          <HStack justify="space-between" align="center" wrap="wrap" gap="3">
            {heading && <Heading as="h1" size="lg">{heading}</Heading>}
            {actions && <HStack gap="2" wrap="wrap">{actions}</HStack>}
          </HStack>
        )}
        {children}
      </Stack>
    </Box>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center py="10" role="status" aria-live="polite" aria-busy="true">
      <VStack gap="3">
        <Spinner size="lg" color="blue.solid" />
        <Text color="fg.muted">{label ?? t('Loading')}</Text>
      </VStack>
    </Center>
  );
}

export interface EmptyViewProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyView({ title, description, icon, action }: EmptyViewProps) {
  return (
    <EmptyState.Root size="md">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon ?? <InfoIcon />}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function ErrorView({ title, description, onRetry }: { title: string; description?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyView
      title={title}
      description={description}
      icon={<BlockIcon color="red.solid" />}
      action={onRetry && <Button variant="outline" onClick={onRetry}>{t('TryAgain')}</Button>}
    />
  );
}

/** Shown to users whose role does not allow the page (spec 1 §2, §6; spec 3 §8). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <Box data-testid="access-denied">
        <EmptyView title={t('AccessDenied')} description={t('AccessDeniedMessage')} icon={<BlockIcon color="red.solid" />} />
      </Box>
    </PageLayout>
  );
}

