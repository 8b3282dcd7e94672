import { useEffect, useRef, useState } from 'react';
import {
  WebAuthnAbortService,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { afterLoginPath, setToken } from '../api/auth-client';
import { ApiError, API_MESSAGES } from '../api/client';
import { passwordStep, secondStep, type SecondStep } from '../api/sign-in';
import type { Credentials } from '../login/PasswordStep';
import { stageOf, type SecondStage, type Stage, type Way } from '../login/stages';
import { passkeyFailure } from '../display/security';
import { EXPIRED_TICKET_MESSAGE, type SignedIn } from '../../lib/schemas';
import { focusInView } from './useFocusTarget';

const messageOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : API_MESSAGES.network;

/**
 * The login box's sign-in: the password step, then a passkey (its dialog opens at once), an
 * authenticator code or a recovery code; at the first sign-in, a passkey to create and recovery
 * codes to store. The password stays here until the admin is signed in, so a spent step starts
 * again without retyping; an expired one goes back to the password form, filled in. Success
 * stores the token and returns to `?from=` or /admin. (Longer than a component should be: one
 * state machine, whose steps hand each other the ticket and the password held.)
 */
export function useSignIn() {
  // What the password form shows when it comes back; `held` is what the steps send.
  const [typed, setTyped] = useState<Credentials>({ username: '', password: '' });
  const held = useRef<Credentials>(typed);
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [error, setError] = useState('');
  // A request to the server is on its way (or the page is leaving): every button waits.
  const [busy, setBusy] = useState(false);
  // The browser's passkey dialog is open.
  const [asking, setAsking] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const returned = useRef(false);

  useEffect(() => {
    if (stage.kind === 'password' && returned.current) focusInView(title.current);
  }, [stage]);

  /** Shows `next`, closing any passkey dialog of the stage before. */
  function show(next: Stage, message = '') {
    WebAuthnAbortService.cancelCeremony();
    returned.current = next.kind === 'password';
    setStage(next);
    setError(message);
  }

  /** The password step: the second step's stage; a passkey's dialog opens at once. */
  async function submitPassword(values: Credentials, way?: Way, message = '') {
    held.current = values;
    setTyped(values);
    setBusy(true);
    setError('');
    try {
      const next = stageOf(await passwordStep(values.username, values.password), way);
      show(next, message);
      setBusy(false);
      if (next.kind === 'second' && next.way === 'passkey' && message === '') {
        void signInWithPasskey(next);
      }
    } catch (failure) {
      // On the password form already: the message is announced, focus stays where it is.
      if (stage.kind === 'password') setError(messageOf(failure));
      else show({ kind: 'password' }, messageOf(failure));
      setBusy(false);
    }
  }

  /** Signed in: the password is dropped. */
  function forgetPassword() {
    held.current = { username: held.current.username, password: '' };
    setTyped(held.current);
  }

  function leave(token: string) {
    setBusy(true);
    setToken(token);
    location.assign(afterLoginPath(location.search));
  }

  /**
   * Sends one second step. `spends`: the attempt uses the ticket up whatever its outcome (a
   * passkey's), so a refusal fetches a new one with the password held here.
   */
  async function attempt(ticket: string, step: SecondStep, way: Way, spends: boolean) {
    setBusy(true);
    setError('');
    let signedIn: SignedIn;
    try {
      signedIn = await secondStep(ticket, step);
    } catch (failure) {
      const message = messageOf(failure);
      const refused = failure instanceof ApiError && [400, 401, 409].includes(failure.status);
      if (message === EXPIRED_TICKET_MESSAGE) show({ kind: 'password' }, message);
      else if (spends && refused) return submitPassword(held.current, way, message);
      else setError(failure instanceof ApiError ? (failure.fields['code'] ?? message) : message);
      return setBusy(false);
    }
    forgetPassword();
    const { token, recoveryCodes, recoveryCodesLeft } = signedIn;
    if (recoveryCodes !== undefined) show({ kind: 'codes', token, codes: recoveryCodes });
    else if (recoveryCodesLeft !== undefined) {
      show({ kind: 'recovered', token, left: recoveryCodesLeft });
    } else return leave(token);
    setBusy(false);
  }

  async function signInWithPasskey(current: SecondStage) {
    if (current.options === undefined) return;
    setAsking(true);
    setError('');
    try {
      const response = await startAuthentication({ optionsJSON: current.options });
      setAsking(false);
      await attempt(current.ticket, { method: 'passkey', response }, 'passkey', true);
    } catch (failure) {
      setAsking(false);
      const message = passkeyFailure(failure, 'use');
      if (message !== null) setError(message);
    }
  }

  async function sendCode(current: SecondStage, code: string) {
    if (current.way === 'passkey') return;
    await attempt(current.ticket, { method: current.way, code }, current.way, false);
  }

  async function enrol(current: Extract<Stage, { kind: 'enrol' }>, name: string) {
    setBusy(true);
    setError('');
    try {
      const response = await startRegistration({ optionsJSON: current.options });
      await attempt(current.ticket, { method: 'enrol', response, name }, 'passkey', true);
    } catch (failure) {
      setError(passkeyFailure(failure, 'create') ?? '');
      setBusy(false);
    }
  }

  const restart = () => show({ kind: 'password' });
  const chooseWay = (way: Way) => {
    if (stage.kind === 'second') show({ ...stage, way });
  };

  return {
    stage,
    typed,
    error,
    busy,
    asking,
    title,
    submitPassword,
    signInWithPasskey,
    sendCode,
    enrol,
    leave,
    restart,
    chooseWay,
  };
}
