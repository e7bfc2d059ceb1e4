import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, moves the focus to the first field marked invalid (in the order the
 * form shows them), so the keyboard lands where the fix is. The focus moves once the errors are
 * drawn: `request` asks for it, the next render does it.
 */
export function useFocusFirstInvalid<E extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<E>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
  }, [requests]);
  const request = useCallback(() => setRequests((n) => n + 1), []);
  return { ref, request };
}
