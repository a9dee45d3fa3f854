/**
 * Address or property search for a new job (spec 1 §2, §5): debounced, at most 5 results grouped
 * by type, limited to the user's customer by the server. An ARIA combobox: arrow keys move through
 * the results, Enter picks, Escape closes, and the number of results is announced. This is an online lookup, so its results
 * are held here rather than in the replica. Offline it offers the properties of jobs already on
 * the device instead, so a job can still be created without network.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AddressSearchResult } from '../../../domain/api';
import { ADDRESS_SEARCH_LIMIT, JOB_LIST_SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { formatMatrikkelNummer } from '../../../domain/geo/matrikkel';
import { groupAddressResults, type SelectedProperty } from '../../../domain/jobs/property';
import { db } from '../../../data/db';
import { ApiError } from '../../../data/transport';
import { searchAddresses } from '../api/searchAddresses';
import { useOnline } from '../../../data/online';
import { useDebounced } from '../hooks';
import { queryKnownProperties } from '../queries';

const MIN_QUERY_LENGTH = 2;

interface SearchState {
  query: string;
  results: AddressSearchResult[];
  /** Set when the search ran against the replica (no network). */
  known: SelectedProperty[] | null;
  failed: boolean;
}

export interface AddressSearchProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The list shows only while the user is searching (not after a pick). */
  open: boolean;
  onPick: (result: AddressSearchResult) => void;
  onPickKnown: (property: SelectedProperty) => void;
  disabled?: boolean;
  invalid?: boolean;
}

export function AddressSearch({ text, onTextChange, open, onPick, onPickKnown, disabled, invalid }: AddressSearchProps) {
  const { t } = useTranslation('jobs');
  const online = useOnline();
  const query = useDebounced(text.trim(), JOB_LIST_SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<SearchState | null>(null);
  const active = open && query.length >= MIN_QUERY_LENGTH;
  // Escape or a pick closes the list until the text changes; the highlight belongs to one query's results.
  const [dismissed, setDismissed] = useState(false);
  const [highlight, setHighlight] = useState({ query: '', index: -1 });
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!active) return;
    const ctrl = new AbortController();
    let cancelled = false;
    const searchReplica = async () => {
      const known = await queryKnownProperties(db, query, ADDRESS_SEARCH_LIMIT);
      if (!cancelled) setState({ query, results: [], known, failed: false });
    };
    const run = async () => {
      if (!online) return searchReplica();
      try {
        const results = await searchAddresses(query, ctrl.signal);
        if (!cancelled) setState({ query, results: results.slice(0, ADDRESS_SEARCH_LIMIT), known: null, failed: false });
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && e.network) return searchReplica();
        setState({ query, results: [], known: null, failed: true });
      }
    };
    void run();
    return () => {
      cancelled = true;
      ctrl.abort();
    };
  }, [active, query, online]);

  const current = active && state?.query === query ? state : null;
  const searching = active && !current;
  const groups = current ? groupAddressResults(current.results) : [];
  // One list of options in the order shown, for the arrow keys and aria-activedescendant.
  const options: Option[] = current?.known
    ? current.known.map((p) => ({
      key: `${p.matrikkelNummer}|${p.addressText}`, title: p.addressText, detail: formatMatrikkelNummer(p.matrikkelNummer), pick: () => onPickKnown(p),
    }))
    : groups.flatMap((g) => g.results.map((r, i) => ({
      key: `${g.type}-${r.addressId ?? r.matrikkelenhetId ?? i}-${r.addressText}`,
      title: r.addressText,
      detail: r.matrikkelNummer ? formatMatrikkelNummer(r.matrikkelNummer) : undefined,
      group: g.type,
      pick: () => onPick(r),
    })));
  const shown = !!current && !dismissed;
  const expanded = shown && options.length > 0;
  const activeIndex = expanded && highlight.query === query && highlight.index < options.length ? highlight.index : -1;
  const optionId = (i: number) => `${id}-option-${i}`;
  const announcement = !current ? ''
    : current.failed ? t('AddressSearchFailed')
      : options.length === 0 ? t('NoAddressesFound')
        : t('AddressResultsCount', { count: options.length });

  const pick = (option: Option) => {
    option.pick();
    setDismissed(true);
    // The next field takes the focus once the list has closed (a lookup may disable this field meanwhile).
    requestAnimationFrame(() => {
      if (rootRef.current) focusFieldAfter(rootRef.current);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!current || options.length === 0) return;
      e.preventDefault();
      setDismissed(false);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const from = activeIndex === -1 ? (step === 1 ? -1 : 0) : activeIndex;
      setHighlight({ query, index: (from + step + options.length) % options.length });
    } else if (e.key === 'Enter' && activeIndex >= 0) {
      e.preventDefault();
      pick(options[activeIndex]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setDismissed(true);
    }
  };

  let index = 0;
  const renderOption = (option: Option) => {
    const i = index++;
    return (
      <ResultRow
        key={option.key}
        id={optionId(i)}
        title={option.title}
        detail={option.detail}
        active={i === activeIndex}
        onPick={() => pick(option)}
      />
    );
  };

  return (
    <Stack gap="1" position="relative" ref={rootRef}>
      <Field.Root required invalid={invalid}>
        <Field.Label>{t('AddressOrProperty')}<Field.RequiredIndicator /></Field.Label>
        <Input
          data-testid="address-search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          placeholder={t('AddressSearchPlaceholder')}
          value={text}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => {
            setDismissed(false);
            onTextChange(e.target.value);
          }}
          onKeyDown={onKeyDown}
        />
      </Field.Root>
      {searching && <Spinner size="sm" position="absolute" right="3" top="9" />}
      {/* Screen readers hear how many results came, without leaving the field. */}
      <Box role="status" aria-live="polite" srOnly data-testid="address-results-status">{shown ? announcement : ''}</Box>
      {shown && options.length === 0 && (
        <Box borderWidth="1px" rounded="md" bg="bg.panel" shadow="md" p="3" data-testid="address-results">
          {current.failed ? <Text color="red.fg">{t('AddressSearchFailed')}</Text> : <Text>{t('NoAddressesFound')}</Text>}
        </Box>
      )}
      <Box
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t('AddressResults')}
        hidden={!expanded}
        borderWidth="1px"
        rounded="md"
        bg="bg.panel"
        shadow="md"
        data-testid={expanded ? 'address-results' : undefined}
        maxH="80"
        overflowY="auto"
      >
        {current?.known && options.length > 0 && (
          <Box role="group" aria-label={t('OfflineKnownAddresses')}>
            <Text px="3" pt="2" fontSize="xs" color="fg.muted" aria-hidden="true">{t('OfflineKnownAddresses')}</Text>
            {options.map(renderOption)}
          </Box>
        )}
        {!current?.known && groups.map((g) => (
          <Box key={g.type} role="group" aria-label={t(`AddressType.${g.type}`, { defaultValue: g.type })}>
            <Text px="3" pt="2" fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase" aria-hidden="true">
              {t(`AddressType.${g.type}`, { defaultValue: g.type })}
            </Text>
            {options.filter((o) => o.group === g.type).map(renderOption)}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

interface Option {
  key: string;
  title: string;
  detail?: string;
  group?: string;
  pick: () => void;
}

/** Focuses the first field after `from` in the page's order (the field a Tab would reach). */
function focusFieldAfter(from: HTMLElement) {
  const fields = document.querySelectorAll<HTMLElement>('input, select, textarea, button, a[href], [tabindex]');
  for (const el of fields) {
    if (from.contains(el) || !(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (el.tabIndex < 0 || el.matches(':disabled') || el.getClientRects().length === 0) continue;
    el.focus();
    return;
  }
}

function ResultRow({ id, title, detail, active, onPick }: {
  id: string; title: string; detail?: string; active: boolean; onPick: () => void;
}) {
  return (
    <Box
      id={id}
      role="option"
      aria-selected={active}
      px="3"
      py="2"
      minH="44px"
      cursor="pointer"
      bg={active ? 'bg.emphasized' : undefined}
      _hover={{ bg: 'bg.muted' }}
      data-testid="address-result"
      // The focus stays in the field (a combobox's options are never focused).
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
    >
      <Text>{title}</Text>
      {detail && <Text fontSize="xs" color="fg.muted">{detail}</Text>}
    </Box>
  );
}
