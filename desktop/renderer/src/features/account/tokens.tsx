import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { DataTable } from '../../components/data-table.tsx'
import { formatDate, formatDay } from '../../components/format.ts'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useRevokeToken } from './mutations.ts'
import { NewToken } from './new-token.tsx'
import { type Token, tokensQuery } from './queries.ts'

/** The person's personal tokens (for programs and MCP clients): what each may do, and revoking one. */
export function Tokens() {
  const { t, i18n } = useTranslation()
  const tokens = useQuery(tokensQuery)
  const [revoking, setRevoking] = useState<Token | null>(null)
  const revoke = useRevokeToken(() => setRevoking(null))
  const never = t('account.never')
  const day = (value: string | null) => (value ? formatDay(value, i18n.language) : never)
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : never)
  return (
    <Section id="account-tokens" title={t('account.tokens')}>
      <p className="hint">{t('account.tokensIntro')}</p>
      {tokens.isPending && <Loading />}
      <ErrorNote error={tokens.error} onRetry={() => void tokens.refetch()} />
      {tokens.data?.length === 0 && <Empty>{t('account.noTokens')}</Empty>}
      {tokens.data && tokens.data.length > 0 && (
        <DataTable
          columns={[
            t('account.tokenName'),
            t('account.hint'),
            t('account.created'),
            t('account.expires'),
            t('account.lastUsed'),
            t('account.readOnly'),
            t('account.spaces'),
          ]}
          actions={t('account.actions')}
        >
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td className="wrap">{token.name}</td>
              <td>
                <code>…{token.hint}</code>
              </td>
              <td>{day(token.created_at)}</td>
              <td>{day(token.expires_at)}</td>
              <td>{date(token.last_used_at)}</td>
              <td>{token.read_only ? t('common.yes') : t('common.no')}</td>
              <td className="wrap">
                {token.space_ids === null ? t('account.allSpacesShort') : token.space_ids.join(', ')}
              </td>
              <td>
                <button type="button" className="danger" onClick={() => setRevoking(token)}>
                  {t('account.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <NewToken />
      <ConfirmDialog
        title={t('account.revokeTitle')}
        open={revoking !== null}
        onClose={() => {
          setRevoking(null)
          revoke.reset()
        }}
        confirmLabel={t('account.revoke')}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        pending={revoke.isPending}
        error={revoke.error}
      >
        {t('account.revokeText', { name: revoking?.name })}
      </ConfirmDialog>
    </Section>
  )
}
