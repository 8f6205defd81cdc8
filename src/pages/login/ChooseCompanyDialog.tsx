import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';

export interface AccountChoice {
  username: string;
  companyName: string;
}

interface Props {
  accounts: AccountChoice[];
  onChoose: (username: string) => void;
  onClose: () => void;
}

/** One mobile may belong to several companies' accounts: the user picks which one to log in to. */
export function ChooseCompanyDialog({ accounts, onChoose, onClose }: Props) {
  return (
    <Dialog open={accounts.length > 0} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>请选择要登录的公司</DialogTitle>
      <List sx={{ pt: 0 }}>
        {accounts.map((account) => (
          <ListItem key={account.username} disablePadding>
            <ListItemButton onClick={() => onChoose(account.username)}>
              <ListItemText primary={account.companyName} secondary={`账号：${account.username}`} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Dialog>
  );
}
