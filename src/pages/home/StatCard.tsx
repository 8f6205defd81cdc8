import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { canOpenPath } from '../../domain/visibleMenu';
import { useSession } from '../../layout/useSession';

/**
 * One figure on a home page, linking to where it comes from when the user may open that page. The figure is a
 * heading named by its label, one level below the page's sections (h2), so a screen reader's heading list reads
 * the figures by name and no level is skipped.
 */
export function StatCard({
  label,
  value,
  to: wanted,
}: {
  label: string;
  value: string | number | undefined;
  to?: string;
}) {
  const session = useSession();
  const to = wanted && canOpenPath(session?.user, wanted) ? wanted : undefined;
  const content = (
    <CardContent>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="h5" component="h3" sx={{ mt: 1 }} aria-label={label}>
        {value ?? '—'}
      </Typography>
    </CardContent>
  );
  return (
    <Card sx={{ minWidth: 180, flex: '1 1 180px' }}>
      {to ? (
        <CardActionArea component={Link} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
