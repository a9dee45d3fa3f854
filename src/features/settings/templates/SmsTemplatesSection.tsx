/**
 * SMS template configuration (spec 3 §2 "SMS template configuration", §5, §8): the sample and custom
 * templates per notification type; a custom template's text is edited freely, merge fields go in at
 * the cursor or over the selection, and a live preview with the company's real name and phone shows
 * what the message costs. A custom template is made from a sample; any template can be put in use,
 * and sent as a test SMS (TestSmsForm). Another admin's change (SettingsChanged) is read again at once
 * when the template shown has no unsaved text, else the text stays under a notice.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Field, Flex, Heading, HStack, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import { useLiveReload } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import {
  exampleMergeValues, insertAtSelection, NOTIFICATION_TEMPLATE_TYPE_IDS, renderTemplate, TEMPLATE_TEXT_MAX_LENGTH, type MergeValues,
  type MeterAddressRange,
} from '../../../domain/settings/company';
import type { NotificationTemplate } from '../../../domain/schemas/templates';
import { confirm, snackbar } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';
import { ChangedElsewhereNotice } from '../ChangedElsewhereNotice';
import type { SectionProps } from '../sections';
import { createTemplate } from './api/createTemplate';
import { useMergeFields } from './api/fetchMergeFields';
import { useMeterAddressRange } from './api/fetchMeterAddressRange';
import { useTemplates, withSavedTemplate } from './api/fetchTemplates';
import { updateTemplate } from './api/updateTemplate';
import { CompanyConfigurationForm } from './CompanyConfigurationForm';
import { SmsCounter } from './SmsCounter';
import { TestSmsForm } from './TestSmsForm';

/** The templates and the company's configuration (their name and phone) are settings: SettingsChanged. */
const TEMPLATES_HEARD = [NotificationType.SettingsChanged];

export function SmsTemplatesSection({ onDirtyChange }: SectionProps) {
  const { t } = useTranslation('companySettings');
  const companyId = useSession()?.companyId ?? null;
  const read = useTemplates(companyId);
  // Only for the counter: without it (not loaded, failed) the counter uses the example address.
  const addressRange = useMeterAddressRange(companyId);
  const [configDirty, setConfigDirty] = useState(false);
  const [templateDirty, setTemplateDirty] = useState(false);
  const live = useLiveReload(TEMPLATES_HEARD, read.refetch, setTemplateDirty);
  useEffect(() => { onDirtyChange(configDirty || templateDirty); }, [configDirty, templateDirty, onDirtyChange]);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{t('Templates.Heading')}</Heading>
      {/* The templates carry the company's name and phone for their preview: read them again. */}
      <CompanyConfigurationForm onDirtyChange={setConfigDirty} onSaved={() => { void read.refetch(); }} />
      <Text color="fg.muted">{t('Templates.Intro')}</Text>
      <ChangedElsewhereNotice live={live} />
      <LiveReadView read={read} errorTitle={t('Templates.TemplateFetchingError')}>
        {(templates) => (
          <TemplateBrowser
            templates={templates} onSaved={(saved) => read.mutate(withSavedTemplate(templates, saved))} reload={read.refetch}
            onDirtyChange={live.onDirtyChange} addresses={addressRange.data ?? null} generation={live.generation}
          />
        )}
      </LiveReadView>
    </Stack>
  );
}

interface BrowserProps extends SectionProps {
  templates: NotificationTemplate[];
  /** A save answered with the one template it changed: the list takes it without reading again. */
  onSaved: (saved: NotificationTemplate) => void;
  /** A save that changed more than its answer (putting a template in use): the list is read again. */
  reload: () => Promise<void>;
  addresses: MeterAddressRange | null;
  /** Moves when the user drops their edits for another admin's change: the editor starts again. */
  generation: number;
}

function TemplateBrowser({ templates, onSaved, reload, onDirtyChange, addresses, generation }: BrowserProps) {
  const { t } = useTranslation('companySettings');
  const { t: tc } = useTranslation();
  const [selectedId, setSelectedId] = useState<number | null>(() => (templates.find((x) => !x.isSampleTemplate) ?? templates[0])?.id ?? null);
  const [dirty, setDirty] = useState(false);
  const selected = templates.find((x) => x.id === selectedId) ?? null;

  useEffect(() => { onDirtyChange(dirty); }, [dirty, onDirtyChange]);

  const select = async (id: number) => {
    if (id === selectedId) return;
    if (dirty) {
      const leave = await confirm({ title: tc('ExitConfirmationHeader'), message: tc('ExitConfirmationMessage'), confirmText: tc('Yes'), cancelText: tc('Cancel') });
      if (!leave) return;
    }
    setDirty(false);
    setSelectedId(id);
  };

  return (
    <Flex gap="6" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
      <Stack as="nav" aria-label={t('Templates.Heading')} gap="4" minW="240px" flexShrink={0}>
        {NOTIFICATION_TEMPLATE_TYPE_IDS.map((type) => {
          const ofType = templates.filter((x) => x.notificationTypeId === type);
          if (!ofType.length) return null;
          return (
            <Box key={type}>
              <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" mb="1">{t(`Templates.Type.${type}`)}</Text>
              <Stack gap="1">
                {ofType.map((x) => (
                  <Button
                    key={x.id} variant={x.id === selectedId ? 'subtle' : 'ghost'} justifyContent="flex-start" h="auto" py="2"
                    aria-current={x.id === selectedId ? 'true' : undefined} onClick={() => { void select(x.id); }} data-testid={`template-${x.key}`}
                  >
                    <Stack gap="1" align="flex-start">
                      <Text textAlign="left" whiteSpace="normal">{x.name}</Text>
                      <HStack gap="1">
                        <Badge size="sm">{x.isSampleTemplate ? t('Templates.Sample') : t('Templates.Custom')}</Badge>
                        {x.isExample && <Badge size="sm" colorPalette="green">{t('Templates.InUse')}</Badge>}
                      </HStack>
                    </Stack>
                  </Button>
                ))}
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Box flex="1" minW="0">
        {selected
          ? (
            <TemplateEditor
              key={`${generation}:${selected.id}:${selected.text}`} template={selected} onDirtyChange={setDirty} addresses={addresses}
              onCreated={(created) => { onSaved(created); setSelectedId(created.id); }} onSaved={onSaved} reload={reload}
            />
          )
          : <Text color="fg.muted">{t('Templates.SelectTemplate')}</Text>}
      </Box>
    </Flex>
  );
}

/** The preview's merge values: the example date, time and address (as the test SMS has them) and the company's real name and phone. */
function usePreviewValues(template: NotificationTemplate): MergeValues {
  return useMemo(() => exampleMergeValues(template.companyName, template.companyTelephone), [template.companyName, template.companyTelephone]);
}

interface EditorProps {
  template: NotificationTemplate;
  addresses: MeterAddressRange | null;
  onDirtyChange: (dirty: boolean) => void;
  onCreated: (created: NotificationTemplate) => void;
  onSaved: (saved: NotificationTemplate) => void;
  reload: () => Promise<void>;
}

function TemplateEditor({ template, addresses, onDirtyChange, onCreated, onSaved, reload }: EditorProps) {
  const { t } = useTranslation('companySettings');
  const { t: tc } = useTranslation();
  const editable = !template.isSampleTemplate;
  const [text, setText] = useState(template.text);
  const [busy, setBusy] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const mergeFields = useMergeFields(template.notificationTypeId);
  const previewValues = usePreviewValues(template);
  const preview = renderTemplate(text, previewValues);
  const dirty = editable && text !== template.text;

  useEffect(() => { onDirtyChange(dirty); }, [dirty, onDirtyChange]);

  // The caret goes right after an inserted token once React has put the new text in the textarea.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const el = textareaRef.current;
    if (caret === null || !el) return;
    pendingCaret.current = null;
    el.focus();
    el.setSelectionRange(caret, caret);
  }, [text]);

  const insert = (token: string) => {
    const el = textareaRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAtSelection(text, start, end, token);
    if (next.text.length > TEMPLATE_TEXT_MAX_LENGTH) return;
    pendingCaret.current = next.caret;
    setText(next.text);
  };

  const run = async (work: () => Promise<void>, failedText: string) => {
    setBusy(true);
    try {
      await work();
    } catch {
      snackbar.error(t(failedText));
    } finally {
      setBusy(false);
    }
  };

  const save = () => run(async () => {
    const saved = await updateTemplate(template.id, { templateText: text });
    snackbar.success(t('Templates.UpdateCustomTemplateSuccess'));
    onDirtyChange(false);
    onSaved(saved);
  }, 'Templates.UpdateCustomTemplateFailed');

  const createFromSample = () => run(async () => {
    const created = await createTemplate({
      key: `${template.key}-${Date.now().toString(36)}`.slice(0, 64), notificationTypeId: template.notificationTypeId, templateText: template.text,
      parentTemplateId: template.id, title: template.title, name: t('Templates.CopyName', { name: template.name }).slice(0, 100),
    });
    snackbar.success(t('Templates.CreateCustomTemplateSuccess'));
    onCreated(created);
  }, 'Templates.CreateCustomTemplateFailed');

  const setAsExample = () => run(async () => {
    await updateTemplate(template.id, { isExample: true });
    snackbar.success(t('Templates.SetInExampleTemplateSuccess'));
    await reload();
  }, 'Templates.SetInExampleTemplateFailed');

  return (
    <Stack gap="4" data-testid="template-editor">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Heading as="h3" size="md">{template.name}</Heading>
          <Text fontSize="sm" color="fg.muted">{template.title}</Text>
        </Stack>
        <HStack gap="2">
          {template.isSampleTemplate && <Button variant="outline" onClick={() => { void createFromSample(); }} disabled={busy}>{t('Templates.CreateCustom')}</Button>}
          {!template.isExample && <Button variant="outline" onClick={() => { void setAsExample(); }} disabled={busy || dirty}>{t('Templates.SetAsExample')}</Button>}
        </HStack>
      </HStack>

      <Field.Root invalid={editable && text.trim() === ''}>
        <Field.Label>{t('Templates.Text')}</Field.Label>
        <Textarea
          ref={textareaRef} rows={6} value={text} readOnly={!editable} maxLength={TEMPLATE_TEXT_MAX_LENGTH} data-testid="template-text"
          onChange={(e) => setText(e.target.value)}
        />
        {editable && text.trim() === '' && <Field.ErrorText>{t('Templates.TextRequired')}</Field.ErrorText>}
      </Field.Root>

      {editable && (
        <Stack gap="2">
          <Text fontWeight="medium">{t('Templates.MergeFields')}</Text>
          <LiveReadView read={mergeFields} errorTitle={t('Templates.MergeFieldFetchingError')}>
            {(fields) => (
              <Wrap gap="2">
                {fields.map((f) => (
                  // mousedown would take the focus (and on some browsers the selection) away from the text
                  <Button key={f.id} size="sm" variant="outline" onMouseDown={(e) => e.preventDefault()} onClick={() => insert(f.token)} data-testid={`merge-${f.name}`}>
                    {t(`Templates.Field.${f.name}`, { defaultValue: f.name })}
                  </Button>
                ))}
              </Wrap>
            )}
          </LiveReadView>
          <Text fontSize="sm" color="fg.muted">{t('Templates.MergeFieldHelp')}</Text>
        </Stack>
      )}

      <Stack gap="2">
        <Text fontWeight="medium">{t('Templates.Preview')}</Text>
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.muted" whiteSpace="pre-wrap" data-testid="template-preview">{preview}</Box>
        <SmsCounter text={text} values={previewValues} addresses={addresses} />
        <Text fontSize="sm" color="fg.muted">{t('Templates.SmsLengthHelp')}</Text>
      </Stack>

      <TestSmsForm templateId={template.id} unsaved={dirty} />

      {editable && (
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => setText(template.text)} disabled={!dirty || busy}>{tc('Cancel')}</Button>
          <Button colorPalette="blue" onClick={() => { void save(); }} disabled={!dirty || text.trim() === ''} loading={busy}>{tc('Save')}</Button>
        </HStack>
      )}
      {!editable && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('Templates.Intro')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
