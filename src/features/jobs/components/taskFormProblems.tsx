/** A task-form rule's problem (an i18n key under TaskForm.Errors) as the text shown with its field. */
import { Field, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../../domain/tasks/form';

export function useProblemText(): (problem: FieldProblem | undefined) => string | null {
  const { t } = useTranslation('jobs');
  return (problem) => (problem ? t(`TaskForm.Errors.${problem.key}`, problem.values) : null);
}

/** Under a field of a Field.Root. */
export function Problem({ problem }: { problem?: FieldProblem }) {
  const text = useProblemText()(problem);
  return text ? <Field.ErrorText>{text}</Field.ErrorText> : null;
}

/** A problem that belongs to no single field (the photos of a meter). */
export function StandaloneProblem({ problem, testId }: { problem?: FieldProblem; testId: string }) {
  const text = useProblemText()(problem);
  return text ? <Text color="fg.error" fontSize="sm" role="alert" data-testid={testId}>{text}</Text> : null;
}
