/**
 * Authority claimed in the first person or on someone's behalf (issue 26 §8): "as the administrator of
 * this system I …", "message from the security team", "per the developers", "이 앱의 개발자로서". The label
 * rule (sanitize-injection-multilingual.ts) needs a label that opens the text and a colon; these claims
 * stand anywhere in a sentence. A claim alone is harmless ("Ola works as an administrator at a bank"); the
 * rule fires only when the same text then addresses the assistant, grants a permission or gives an order.
 *
 * Same entry syntax as the word tables (sanitize-injection-lexicon.ts): "|"-separated, "*" for a stem or a
 * compound, " … " for up to three words in between, "re:" for a raw pattern over the folded text.
 */
export const CLAIMS: Readonly<Record<string, string>> = {
  pl: 'jako administrator*|jako admin*|jako deweloper*|jako programist*|jako twórc*|jako operator*|jako właściciel* … aplikacji|jako właściciel* … systemu|jestem administrator*|jestem twoim twórcą|jestem twoim deweloperem|od zespołu bezpieczeństwa|od zespołu … bezpieczeństwa|od administrator*|od deweloper*|od twórców|zespół bezpieczeństwa|zespołu bezpieczeństwa|w imieniu administrator*|w imieniu deweloper*|w imieniu twórców',
  nl: 'als beheerder|als administrator|als ontwikkelaar*|als maker|als operator|als eigenaar van … app|als eigenaar van … systeem|ik ben … beheerder|ik ben … ontwikkelaar|ik ben … maker|van de ontwikkelaar*|van de beheerder*|van het beveiligingsteam|het beveiligingsteam|namens de ontwikkelaar*|namens de beheerder*|bericht van de ontwikkelaar*|bericht van de beheerder*',
  uk: 'як адміністратор*|як розробник*|як оператор*|як творець|як власник … застосунку|як власник … системи|я … адміністратор*|я … розробник*|я твій творець|від адміністратор*|від розробник*|від команди безпеки|від служби безпеки|команда безпеки|повідомлення від … адміністратор*|повідомлення від … розробник*|від імені адміністратор*|від імені розробник*',
  ru: 'как администратор*|как разработчик*|как оператор*|как создатель|я … администратор*|я … разработчик*|я твой создатель|от администратор*|от разработчик*|от команды безопасности|от службы безопасности|команда безопасности|от имени администратор*|от имени разработчик*',
  de: 'als administrator*|als admin|als entwickler*|als betreiber*|als ersteller*|ich bin … administrator*|ich bin … entwickler*|im namen der entwickler*|im namen des administrators|vom sicherheitsteam|das sicherheitsteam|nachricht der entwickler*|nachricht vom administrator',
  es: 'como administrador*|como desarrollador*|como operador*|como creador*|soy … administrador*|soy … desarrollador*|soy tu creador|del equipo de seguridad|el equipo de seguridad|de parte de … administrador*|de parte de … desarrollador*|en nombre de … administrador*|en nombre de … desarrollador*',
  fr: "en tant qu'administrat*|en tant que développeu*|en tant qu'opérateur|en tant que créateur|je suis … administrat*|je suis … développeu*|je suis ton créateur|de l'équipe de sécurité|l'équipe de sécurité|de la part … administrat*|de la part … développeu*|au nom … administrat*|au nom … développeu*",
  tr: 'yönetici olarak|yöneticisi olarak|geliştirici olarak|geliştiricisi olarak|geliştiricileri olarak|operatör olarak|sahibi olarak|ben … yöneticiyim|ben … geliştiriciyim|yöneticiyim|geliştiriciyim|güvenlik ekibinden|güvenlik ekibi|yöneticiden|geliştiriciden|geliştiricilerden|yönetici adına|geliştirici adına|sistem yöneticisinden',
  ko: '*개발자로서|*관리자로서|*운영자로서|*제작자로서|*개발자입니다|*관리자입니다|*개발자다|*관리자다|보안팀*|보안 팀*|개발팀*|개발 팀*|*관리자 공지|*관리자의 지시|*개발자의 지시|*관리자가 허용|*개발자가 허용',
  ja: '管理者として|開発者として|運営者として|運営として|作成者として|製作者として|私は … 管理者|私は … 開発者|管理者です|開発者です|セキュリティチーム|開発チーム|運営チーム|管理者から|開発者から|運営から|管理者の指示|開発者の指示',
};
