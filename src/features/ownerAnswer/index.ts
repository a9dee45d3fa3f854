/**
 * The property owner's answer page (/a/{token}; OwnerAnswerPage.tsx): a chunk of its own, loaded only
 * when the page is opened, so the app shell carries nothing of it.
 */
import { lazy } from 'react';

export const OwnerAnswerRoute = lazy(() => import('./OwnerAnswerPage').then((m) => ({ default: m.OwnerAnswerRoute })));
