/**
 * A titled part of a page or form (task details, the task form's meters, the profile): one card with a
 * heading; `collapsible` makes the heading a button that folds the part away (open at first).
 */
import type { ReactNode } from 'react';
import { Button, Card, Collapsible, Heading, Stack } from '@chakra-ui/react';
import { ChevronDownIcon } from '../icons';

export interface SectionProps {
  title: string;
  testId?: string;
  collapsible?: boolean;
  children: ReactNode;
}

export function Section({ title, testId, collapsible, children }: SectionProps) {
  if (collapsible) {
    return (
      <Card.Root data-testid={testId}>
        <Collapsible.Root defaultOpen>
          <Card.Header pb="0">
            <Collapsible.Trigger asChild>
              <Button variant="ghost" justifyContent="space-between" w="100%" px="2" fontSize="lg" fontWeight="semibold">
                {title}
                <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
                  <ChevronDownIcon />
                </Collapsible.Indicator>
              </Button>
            </Collapsible.Trigger>
          </Card.Header>
          <Collapsible.Content>
            <Card.Body>{children}</Card.Body>
          </Collapsible.Content>
        </Collapsible.Root>
      </Card.Root>
    );
  }
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header><Heading as="h2" size="md">{title}</Heading></Card.Header>
      <Card.Body><Stack gap="4">{children}</Stack></Card.Body>
    </Card.Root>
  );
}
