/**
 * The document title, "Page · {app title}" (reference §4: the app title is the document title). A
 * page names itself with usePageTitle; a layout may name the section it shows with
 * useFallbackPageTitle, which counts only while no page has named itself (a remote that is
 * still loading or unavailable). The branding provider supplies the app title. State is kept at
 * module level on purpose: @teamapp/ui is one shared instance across the shell and the remotes.
 */
import { useEffect } from 'react';

export const TITLE_SEPARATOR = ' · ';

let appTitle = '';
/** What a page named itself, and what its layout names while no page has. */
const named: { page: string | null; fallback: string | null } = { page: null, fallback: null };

/** "Schedule · TeamApp", or just the app title when nothing is named. */
export function composeDocumentTitle(page: string | null, app: string): string {
  return page ? `${page}${TITLE_SEPARATOR}${app}` : app;
}

function apply() {
  if (typeof document === 'undefined') return;
  document.title = composeDocumentTitle(named.page ?? named.fallback, appTitle);
}

/** Called by the branding provider whenever the app title changes. */
export function setDocumentAppTitle(title: string): void {
  appTitle = title;
  apply();
}

/** Puts `name` in its slot while the calling component is shown (unless another took it since). */
function useNamed(slot: keyof typeof named, name: string | null): void {
  useEffect(() => {
    named[slot] = name;
    apply();
    return () => {
      if (named[slot] === name) named[slot] = null;
      apply();
    };
  }, [slot, name]);
}

/** Names the current page in the document title while the calling component is shown. */
export function usePageTitle(name: string): void {
  useNamed('page', name);
}

/** The name to use while no page has named itself; null names nothing. */
export function useFallbackPageTitle(name: string | null): void {
  useNamed('fallback', name);
}
