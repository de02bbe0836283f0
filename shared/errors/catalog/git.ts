import type { CatalogEntry } from './error-status.ts'

/** A space's repository: its remote, its conflicts, and pushes to the Git host. */
export const GIT_MESSAGES = {
  no_remote: {
    code: 'invalid',
    en: 'This space has no remote repository.',
    fr: 'Cet espace n’a pas de dépôt distant.',
  },
  credentials_invalid: {
    code: 'invalid',
    en: 'Credentials of kind https need token; kind ssh needs private_key and known_hosts.',
    fr: 'Les identifiants de type https demandent token ; le type ssh demande private_key et known_hosts.',
  },
  conflict_moved_on: {
    code: 'conflict',
    en: 'The remote’s version of {value} changed since the conflict was found: it is shown now, so look at it again before choosing.',
    fr: 'La version distante de {value} a changé depuis que le conflit a été trouvé : elle est affichée maintenant, regardez-la avant de choisir.',
  },
  not_in_conflict: {
    code: 'invalid',
    en: '"{value}" is not in conflict.',
    fr: '« {value} » n’est pas en conflit.',
  },
  push_other_ref: {
    code: 'forbidden',
    en: 'Only the branch {branch} of this space can be pushed, not {value}.',
    fr: 'Seule la branche {branch} de cet espace peut être poussée, pas {value}.',
  },
  push_deletes_branch: {
    code: 'forbidden',
    en: 'The branch {branch} cannot be deleted.',
    fr: 'La branche {branch} ne peut pas être supprimée.',
  },
  push_rewrites_history: {
    code: 'conflict',
    en: 'This push rewrites the history of {branch} (it does not contain the branch’s current commit): fetch, put your commits on top (git pull --rebase) and push again.',
    fr: 'Cette poussée réécrit l’historique de {branch} (elle ne contient pas le commit actuel de la branche) : récupérez, placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_stale: {
    code: 'conflict',
    en: 'The branch {branch} changed since you fetched it: fetch, put your commits on top (git pull --rebase) and push again.',
    fr: 'La branche {branch} a changé depuis votre récupération : récupérez, placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_merge: {
    code: 'conflict',
    en: 'The branch {branch} keeps a linear history: merge commits ({commit}) are refused. Put your commits on top of it (git pull --rebase) and push again.',
    fr: 'La branche {branch} garde un historique linéaire : les commits de fusion ({commit}) sont refusés. Placez vos commits par-dessus (git pull --rebase) et poussez de nouveau.',
  },
  push_name_refused: {
    code: 'invalid',
    en: '{path} (commit {commit}) has a name the space cannot take: no control characters or line breaks, no "\\", "..", ".git" or name a file system takes for it (git~1), no character that changes the direction of text, valid UTF-8 in composed form (NFC), at most 255 characters a part. Rename it in your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) porte un nom que l’espace ne peut pas prendre : ni caractère de contrôle ni saut de ligne, ni « \\ », « .. », « .git » ou nom qu’un système de fichiers prend pour lui (git~1), ni caractère qui change le sens du texte, de l’UTF-8 valide en forme composée (NFC), 255 caractères au plus par partie. Renommez-le dans vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_file_too_large: {
    code: 'too_large',
    en: '{path} (commit {commit}) is {size} bytes, more than the {limit} bytes a file of the space may have; nothing was changed on the branch. Remove it from your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) fait {size} octets, plus que les {limit} octets permis pour un fichier de l’espace ; rien n’a changé sur la branche. Retirez-le de vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_admin_only: {
    code: 'forbidden',
    en: '{path} (commit {commit}) can only be changed by an admin of the space: the vocation and the tidy rules steer the tidy-up. Remove that change from your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) ne peut être modifié que par un administrateur de l’espace : la vocation et les règles de rangement guident le rangement. Retirez cette modification de vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_inbox_path: {
    code: 'invalid',
    en: '{path} (commit {commit}) is not where the inbox keeps notes: .service/inbox/<name>/note.md and its attachments beside it, the name in lowercase letters, digits and hyphens. Move it in your commits (git rebase -i) and push again.',
    fr: '{path} (commit {commit}) n’est pas là où la boîte de réception range les notes : .service/inbox/<nom>/note.md et ses pièces jointes à côté, le nom en lettres minuscules, chiffres et tirets. Déplacez-le dans vos commits (git rebase -i) et poussez de nouveau.',
  },
  push_unreadable: {
    code: 'invalid',
    en: 'The pushed objects could not be stored: {value}',
    fr: 'Les objets poussés n’ont pas pu être enregistrés : {value}',
  },
  secret_pushed: {
    code: 'secret_detected',
    en: '{path} seems to contain a secret ({rules}, line {line}, commit {commit}); nothing was changed on the branch. Remove it from your commits (git commit --amend or git rebase) and push again.',
    fr: '{path} semble contenir un secret ({rules}, ligne {line}, commit {commit}) ; rien n’a changé sur la branche. Retirez-le de vos commits (git commit --amend ou git rebase) et poussez de nouveau.',
  },
  repository_damaged: {
    code: 'unavailable',
    en: 'The space’s repository could not be read safely (the server’s log says why): try again later, or ask an administrator.',
    fr: 'Le dépôt de l’espace n’a pas pu être lu sans risque (le journal du serveur indique pourquoi) : réessayez plus tard, ou adressez-vous à un administrateur.',
  },
  repository_missing: {
    code: 'unavailable',
    en: 'The space’s repository folder is missing on the server: try again later, or ask an administrator to restore it.',
    fr: 'Le dossier du dépôt de l’espace est introuvable sur le serveur : réessayez plus tard, ou demandez à un administrateur de le restaurer.',
  },
} as const satisfies Record<string, CatalogEntry>
