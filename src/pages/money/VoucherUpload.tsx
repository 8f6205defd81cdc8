import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useSignedUrl } from '../../components/useSignedUrl';
import { validateImageFile } from '../../domain/validation';
import { uploadImage } from './moneyApi';

/**
 * The transfer voucher: a jpg/jpeg/png under 10 MB, checked here and again by the server, stored by the
 * upload API; `value` is the returned download URL, previewed through a signed link.
 */
export function VoucherUpload(props: { value: string; error?: string; onChange: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const preview = useSignedUrl(props.value || null);

  const upload = async (file: File) => {
    const message = validateImageFile(file.name, file.size);
    setUploadError(message);
    if (message) return;
    setBusy(true);
    try {
      props.onChange((await uploadImage(file)).url);
    } catch (failure) {
      setUploadError((failure as Error).message || '上传失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const error = uploadError ?? props.error;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        转账凭证 *
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={busy} onClick={() => input.current?.click()}>
          {busy ? '上传中…' : props.value ? '重新上传' : '上传凭证'}
        </Button>
        {preview && <img src={preview} alt="转账凭证预览" style={{ maxHeight: 80, maxWidth: 200 }} />}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="上传转账凭证"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <FormHelperText error={!!error}>{error ?? '支持 jpg、jpeg、png 格式，小于10M'}</FormHelperText>
    </Box>
  );
}
