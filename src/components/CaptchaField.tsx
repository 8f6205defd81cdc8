import Box from '@mui/material/Box';
import { useCallback, useEffect, useState } from 'react';
import { requestContent } from '../../providers/httpClient';
import { PlainTextField } from './PlainTextField';

export interface CaptchaValue {
  captchaId: string;
  code: string;
}

interface Props {
  value: CaptchaValue;
  onChange: (value: CaptchaValue) => void;
  /** Change this number to fetch a new image (after a failed attempt). */
  refreshKey?: number;
  error?: string;
  autoFocus?: boolean;
}

/** Image captcha: the server draws it; clicking the image fetches a new one. */
export function CaptchaField({ value, onChange, refreshKey = 0, error, autoFocus }: Props) {
  const [image, setImage] = useState<string>('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image only when refreshKey changes; onChange is the parent's setter
  const load = useCallback(async () => {
    try {
      const captcha = await requestContent<{ captchaId: string; image: string }>('/api/v1/common/captcha', {
        silent: true,
        background: true,
      });
      setImage(captcha.image);
      onChange({ captchaId: captcha.captchaId, code: '' });
    } catch {
      setImage('');
    }
  }, [refreshKey]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <PlainTextField
        label="图形验证码"
        value={value.code}
        onChange={(text) => onChange({ ...value, code: text.toUpperCase().slice(0, 6) })}
        error={error}
        size="small"
        autoFocus={autoFocus}
        maxLength={6}
        autoComplete="off"
        sx={{ flex: 1 }}
      />
      <Box
        component="button"
        type="button"
        onClick={() => void load()}
        // A native tooltip: MUI's Tooltip would bring Popper (12 KB gzip) onto /login for one hint.
        title="看不清？点击换一张"
        aria-label="换一张图形验证码"
        sx={{
          p: 0,
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          cursor: 'pointer',
          height: 40,
          width: 134,
          background: 'none',
        }}
      >
        {image ? <img src={image} alt="图形验证码" width={132} height={38} style={{ display: 'block' }} /> : '加载中…'}
      </Box>
    </Box>
  );
}
