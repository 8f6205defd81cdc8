import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { TIMING } from '../domain/session';

interface Props {
  onClick: () => void;
  /** Set to a new non-zero value (e.g. Date.now()) when a code was sent: the countdown starts. */
  sentAt: number;
  disabled?: boolean;
}

/** SMS code button: ready, then counting down 60 s, then ready again (spec §4). */
export function SmsCodeButton({ onClick, sentAt, disabled }: Props) {
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (sentAt > 0) setSecondsLeft(TIMING.smsCountdownSeconds);
  }, [sentAt]);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const counting = secondsLeft > 0;
  return (
    <Button
      variant="outlined"
      disabled={disabled || counting}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap', minWidth: 120, height: 56 }}
    >
      {counting ? `${secondsLeft}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
