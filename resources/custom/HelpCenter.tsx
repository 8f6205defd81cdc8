import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Title, useGetList, useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useRemoteChoices } from '../../src/components/useRemoteChoices';
import { findRoute } from '../../src/domain/routes';
import { ArticleBody } from '../../src/help/ArticleBody';
import type { ResourceDeclaration } from '../types';
import { listPageSizes } from '../types';

interface HelpArticle {
  id: number;
  title: string;
  categoryId: number;
  categoryName: string;
  releaseTime: string;
  html: string;
}

/**
 * /help 帮助中心: published articles by category with a search over titles and bodies (server-side, paged),
 * and the article view. Category, search, page and the open article live in the URL, so a reload or a shared
 * link shows the same thing.
 */
export function HelpCenter({ declaration }: { declaration: ResourceDeclaration }) {
  const [params, setParams] = useSearchParams();
  const categoryField = declaration.filters.find((filter) => filter.key === 'categoryId');
  const categories = useRemoteChoices(categoryField?.choicesFrom);
  const sizes = listPageSizes(declaration);
  const keyword = params.get('keyword') ?? '';
  const category = Number(params.get('categoryId') ?? 0) || null;
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const size = sizes.includes(Number(params.get('size'))) ? Number(params.get('size')) : sizes[0];
  const articleId = Number(params.get('article') ?? 0) || null;
  const [typed, setTyped] = useState(keyword);
  useEffect(() => setTyped(keyword), [keyword]);

  const setParam = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };

  const filter: Record<string, string | number> = {};
  if (keyword) filter.keyword = keyword;
  if (category) filter.categoryId = category;
  const { data, total, isPending } = useGetList<HelpArticle>(declaration.name, {
    pagination: { page: page + 1, perPage: size },
    sort: declaration.defaultSort,
    filter,
  });
  const title = findRoute(`/${declaration.name}`)?.title ?? declaration.label;

  if (articleId) {
    return (
      <ArticleView
        resource={declaration.name}
        id={articleId}
        title={title}
        onBack={() => setParam({ article: null })}
      />
    );
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParam({ keyword: typed.trim(), page: null });
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box component="form" onSubmit={search} role="search" sx={{ display: 'flex', gap: 1, maxWidth: 560 }}>
          <TextField
            size="small"
            fullWidth
            label="搜索标题或正文"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button type="submit" variant="contained">
            搜索
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="帮助分类">
          <Chip
            label="全部"
            color={category === null ? 'primary' : 'default'}
            onClick={() => setParam({ categoryId: null, page: null })}
          />
          {categories.map((choice) => (
            <Chip
              key={choice.id}
              label={choice.name}
              color={category === choice.id ? 'primary' : 'default'}
              onClick={() => setParam({ categoryId: choice.id, page: null })}
            />
          ))}
        </Box>
        {!isPending && (data ?? []).length === 0 ? (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {keyword ? `没有找到与“${keyword}”相关的帮助文章，换个关键词试试。` : '该分类下暂无帮助文章。'}
          </Typography>
        ) : (
          <List aria-label="帮助文章" disablePadding>
            {(data ?? []).map((article) => (
              <ListItem key={article.id} divider disablePadding>
                <ListItemButton onClick={() => setParam({ article: article.id })}>
                  <ListItemText
                    primary={article.title}
                    secondary={`${article.categoryName ?? ''} · 发布于 ${article.releaseTime?.slice(0, 10) ?? ''}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <TablePagination
          component="div"
          count={total ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[...sizes]}
          labelRowsPerPage="每页条数"
          labelDisplayedRows={({ from, to, count }) => `第 ${from}-${to} 条，共 ${count} 条`}
          onPageChange={(_event, next) => setParam({ page: next })}
          onRowsPerPageChange={(event) => setParam({ size: event.target.value, page: null })}
        />
      </CardContent>
    </Card>
  );
}

function ArticleView({
  resource,
  id,
  title,
  onBack,
}: {
  resource: string;
  id: number;
  title: string;
  onBack: () => void;
}) {
  const { data, isPending, error } = useGetOne<HelpArticle>(resource, { id });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={data ? `${title} · ${data.title}` : title} />
      <CardContent sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
            返回帮助中心
          </Button>
        </Box>
        {isPending && <Typography color="text.secondary">加载中…</Typography>}
        {error && <Typography color="error">这篇文章不存在或已撤回。</Typography>}
        {data && (
          <Box component="article" aria-label={data.title}>
            <Typography variant="h5" component="h1" gutterBottom>
              {data.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {data.categoryName} · 发布于 {data.releaseTime}
            </Typography>
            <ArticleBody html={data.html} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
