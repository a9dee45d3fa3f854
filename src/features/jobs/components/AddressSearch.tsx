/**
 * Address or property search for a new job (spec 1 §2, §5): debounced, at most 5 results grouped
 * by type, limited to the user's customer by the server. This is an online lookup, so its results
 * are held here rather than in the replica. Offline it offers the properties of jobs already on
 * the device instead, so a job can still be created without network.
 */
import { useEffect, useState } from 'react';
import { Box, chakra, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AddressSearchResult } from '../../../domain/api';
import { ADDRESS_SEARCH_LIMIT, JOB_LIST_SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { formatMatrikkelNummer } from '../../../domain/matrikkel';
import { addressSearchPath, groupAddressResults, type SelectedProperty } from '../../../domain/property';
import { db } from '../../../data/db';
import { ApiError, apiFetch } from '../../../data/transport';
import { useDebounced, useOnline } from '../hooks';
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
        const results = await apiFetch<AddressSearchResult[]>(addressSearchPath(query), { signal: ctrl.signal });
        if (!cancelled) setState({ query, results: (results ?? []).slice(0, ADDRESS_SEARCH_LIMIT), known: null, failed: false });
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

  return (
    <Stack gap="1" position="relative">
      <Field.Root required invalid={invalid}>
        <Field.Label>{t('AddressOrProperty')}<Field.RequiredIndicator /></Field.Label>
        <Input
          data-testid="address-search"
          placeholder={t('AddressSearchPlaceholder')}
          value={text}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => onTextChange(e.target.value)}
        />
      </Field.Root>
      {searching && <Spinner size="sm" position="absolute" right="3" top="9" />}
      {current && (
        <Box borderWidth="1px" rounded="md" bg="bg.panel" shadow="md" data-testid="address-results" maxH="80" overflowY="auto">
          {current.failed && <Text p="3" color="red.fg">{t('AddressSearchFailed')}</Text>}
          {current.known && (
            <>
              <Text px="3" pt="2" fontSize="xs" color="fg.muted">{t('OfflineKnownAddresses')}</Text>
              {current.known.length === 0 && <Text p="3">{t('NoAddressesFound')}</Text>}
              {current.known.map((p) => (
                <ResultRow
                  key={`${p.matrikkelNummer}|${p.addressText}`}
                  title={p.addressText}
                  detail={formatMatrikkelNummer(p.matrikkelNummer)}
                  onClick={() => onPickKnown(p)}
                />
              ))}
            </>
          )}
          {!current.known && !current.failed && groups.length === 0 && <Text p="3">{t('NoAddressesFound')}</Text>}
          {groups.map((g) => (
            <Box key={g.type} role="group" aria-label={t(`AddressType.${g.type}`, { defaultValue: g.type })}>
              <Text px="3" pt="2" fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase">
                {t(`AddressType.${g.type}`, { defaultValue: g.type })}
              </Text>
              {g.results.map((r, i) => (
                <ResultRow
                  key={`${g.type}-${r.addressId ?? r.matrikkelenhetId ?? i}-${r.addressText}`}
                  title={r.addressText}
                  detail={r.matrikkelNummer ? formatMatrikkelNummer(r.matrikkelNummer) : undefined}
                  onClick={() => onPick(r)}
                />
              ))}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function ResultRow({ title, detail, onClick }: { title: string; detail?: string; onClick: () => void }) {
  return (
    <chakra.button
      type="button"
      display="block"
      w="100%"
      textAlign="start"
      px="3"
      py="2"
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      data-testid="address-result"
      onClick={onClick}
    >
      <Text>{title}</Text>
      {detail && <Text fontSize="xs" color="fg.muted">{detail}</Text>}
    </chakra.button>
  );
}
