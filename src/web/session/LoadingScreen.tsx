import type { ReactNode } from 'react';
import { Spinner } from '../components/Spinner.tsx';
import { StandaloneFrame } from '../components/StandaloneFrame.tsx';

export interface LoadingScreenProps {
  title: string;
  message: string;
  /** In the standalone frame (the /login, /login/callback and /logout routes) or bare (in the layout). */
  framed?: boolean;
}

/** A sign-in step under way: a live status region with its title and message. */
export function LoadingScreen({ title, message, framed = false }: LoadingScreenProps): ReactNode {
  const body = (
    <div className="message-page loading-screen" role="status" aria-live="polite">
      <Spinner size="large" label={null} />
      <h1>{title}</h1>
      <p>{message}</p>
    </div>
  );
  return framed ? <StandaloneFrame>{body}</StandaloneFrame> : body;
}
